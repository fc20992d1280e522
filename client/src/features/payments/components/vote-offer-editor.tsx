// An offer as an organizer edits it: the currency, one donated vote's price, and 1 to 8 packages (votes,
// bonus, price), prices typed in the currency's major units; beside it the offer as a fan sees it.
// Checked with the contract's schema before it is sent (the server checks the same), every error at its field.
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { VoteOffer } from '#contract/payments/answers';
import { VOTE_PACKAGE_LIMITS } from '#contract/payments/constants';
import { CURRENCIES, methodTakes, minorDigits, toMajor, toMinor } from '#contract/payments/currencies';
import { VOTE_PACKAGE_MESSAGES as M } from '#contract/payments/messages';
import { voteOfferInputSchema, type VoteOfferInput } from '#contract/payments/requests';
import { FormAlert } from '@/components/form/form-alert';
import { SelectField, TextField } from '@/components/form/inputs';
import { Button } from '@/components/ui/button';
import { errorDetail } from '@/lib/api/api-error';
import { asyncHandler } from '@/lib/async-handler';
import { useContractText } from '@/lib/i18n/contract-text';
import { formatPrice } from '@/lib/money';

/** A package row as typed: numbers as text, the id kept for a package that exists. */
interface Row {
  key: number;
  id?: number;
  votes: string;
  bonus: string;
  price: string;
}

interface Draft {
  currency: string;
  donation: string;
  rows: Row[];
}

let nextKey = 1;

const majorText = (minor: number, currency: string) => String(toMajor(minor, currency));

/** The editor's text of an offer; `keepIds` false copies it as new packages (a contest starting from the site's). */
function draftOf(offer: VoteOffer, keepIds: boolean): Draft {
  return {
    currency: offer.currency,
    donation: majorText(offer.donation_vote_price, offer.currency),
    rows: offer.packages.map((p) => ({
      key: nextKey++,
      id: keepIds ? p.id : undefined,
      votes: String(p.votes),
      bonus: String(p.bonus),
      price: majorText(p.price_minor, offer.currency),
    })),
  };
}

/** Typed text as a number (NaN when not one), amounts in minor units of the currency. */
const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : NaN);
const minorOf = (text: string, currency: string) => (/^\s*\d+(\.\d+)?\s*$/.test(text) ? (toMinor(Number(text), currency) ?? NaN) : NaN);

/** What is not a number at all, said in words in the app's language (the schema's own messages cover the rest). */
function typingErrors(draft: Draft, i18n: I18n): Record<string, string> {
  const digits = minorDigits(draft.currency);
  const currency = draft.currency;
  const amount = digits === 0 ? i18n._(msg`Enter a whole amount of ${currency}`) : i18n._(msg`Enter an amount of ${currency} with at most ${digits} decimals`);
  const wholeVotes = i18n._(msg`Enter a whole number of votes`);
  const errors: Record<string, string> = {};
  if (Number.isNaN(minorOf(draft.donation, draft.currency))) errors.donation_vote_price = amount;
  draft.rows.forEach((r, i) => {
    if (Number.isNaN(whole(r.votes))) errors[`packages.${i}.votes`] = wholeVotes;
    if (Number.isNaN(whole(r.bonus))) errors[`packages.${i}.bonus`] = wholeVotes;
    if (Number.isNaN(minorOf(r.price, draft.currency))) errors[`packages.${i}.price_minor`] = amount;
  });
  return errors;
}

function inputOf(draft: Draft): unknown {
  return {
    currency: draft.currency,
    donation_vote_price: minorOf(draft.donation, draft.currency),
    packages: draft.rows.map((r) => ({
      ...(r.id === undefined ? {} : { id: r.id }),
      votes: whole(r.votes),
      bonus: whole(r.bonus),
      price_minor: minorOf(r.price, draft.currency),
    })),
  };
}

/** The offer as a fan sees it: each package's votes, bonus and price, and what a donated vote costs. */
export function OfferPreview({ offer, label }: { offer: VoteOffer; label?: string }) {
  const { t } = useLingui();
  const heading = label ?? t`What fans see`;
  const oneVote = formatPrice(offer.donation_vote_price, offer.currency);
  const currency = offer.currency;
  return (
    <section aria-label={heading} className="rounded-xl border border-night-700 bg-night-900/90 p-4">
      <h3 className="font-bold text-bone-50">{heading}</h3>
      <ul className="mt-3 space-y-2">
        {offer.packages.map((p, i) => (
          <PreviewPackage key={p.id || `new-${i}`} votes={p.votes} bonus={p.bonus} price={formatPrice(p.price_minor, offer.currency)} />
        ))}
      </ul>
      <p className="mt-3 text-sm text-bone-300">{t`A donation of one's own: every ${oneVote} is one vote.`}</p>
      {!methodTakes('paypal', offer.currency) ? (
        <p className="mt-2 text-sm text-amber-200">{t`PayPal takes no payments in ${currency}: fans pay by card.`}</p>
      ) : null}
    </section>
  );
}

/** One package as a fan sees it: the votes in all, the votes and the bonus, the price. */
function PreviewPackage({ votes, bonus, price }: { votes: number; bonus: number; price: string }) {
  const { t } = useLingui();
  const total = votes + bonus;
  return (
    <li className="flex items-center gap-3 rounded-lg border border-night-600 bg-night-800/80 px-3 py-2">
      <span className="font-semibold text-bone-50">{t`${plural(total, { one: `${total} Votes`, other: `${total} Votes` })}`}</span>
      <span className="text-sm text-bone-400">
        {t`${plural(votes, { one: `${votes} votes`, other: `${votes} votes` })}`}
        {bonus > 0 ? (
          <span className="text-emerald-300">
            {' + '}
            {t`${plural(bonus, { one: `${bonus} bonus`, other: `${bonus} bonus` })}`}
          </span>
        ) : null}
      </span>
      <span className="ml-auto font-bold tabular-nums text-bone-50">{price}</span>
    </li>
  );
}

export interface VoteOfferEditorProps {
  offer: VoteOffer;
  /** Keep the packages' ids (editing this list); false: they become new packages of this list. */
  keepIds: boolean;
  saveLabel?: string;
  onSave: (input: VoteOfferInput) => Promise<unknown>;
}

export function VoteOfferEditor({ offer, keepIds, saveLabel, onSave }: VoteOfferEditorProps) {
  const { t, i18n } = useLingui();
  const ct = useContractText();
  const [draft, setDraft] = useState<Draft>(() => draftOf(offer, keepIds));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const headingId = useId();
  const step = 1 / 10 ** minorDigits(draft.currency);
  const currency = draft.currency;

  const parsed = voteOfferInputSchema.safeParse(inputOf(draft));
  const preview: VoteOffer | null = parsed.success
    ? { ...parsed.data, packages: parsed.data.packages.map((p) => ({ id: p.id ?? 0, votes: p.votes, bonus: p.bonus, price_minor: p.price_minor })) }
    : null;

  const setRow = (key: number, change: Partial<Row>) => setDraft((d) => ({ ...d, rows: d.rows.map((r) => (r.key === key ? { ...r, ...change } : r)) }));
  const addRow = () => setDraft((d) => ({ ...d, rows: [...d.rows, { key: nextKey++, votes: '', bonus: '0', price: '' }] }));
  const removeRow = (key: number) => setDraft((d) => ({ ...d, rows: d.rows.filter((r) => r.key !== key) }));

  const save = async () => {
    setFailure(null);
    const typed = typingErrors(draft, i18n);
    const checked = voteOfferInputSchema.safeParse(inputOf(draft));
    if (Object.keys(typed).length || !checked.success) {
      setErrors({ ...Object.fromEntries((checked.error?.issues ?? []).map((i) => [i.path.join('.'), ct(i.message)])), ...typed });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSave(checked.data);
    } catch (error) {
      setFailure(ct(errorDetail(error) ?? M.saveFailed));
    } finally {
      setSaving(false);
    }
  };

  const error = (path: string) => errors[path];
  const fewest = VOTE_PACKAGE_LIMITS.min;
  const most = VOTE_PACKAGE_LIMITS.max;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <form
        noValidate
        aria-labelledby={headingId}
        onSubmit={asyncHandler(async (e) => {
          e.preventDefault();
          await save();
        })}
        className="space-y-5 rounded-xl border border-night-700 bg-night-900/90 p-5"
      >
        <h2 id={headingId} className="text-lg font-bold text-bone-50">
          <Trans>Prices</Trans>
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={t`Currency`} value={draft.currency} disabled={saving} onChange={(e) => setDraft((d) => ({ ...d, currency: e.target.value }))}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t`Price of one donated vote`}
            type="number"
            inputMode="decimal"
            min={0}
            step={step}
            required
            disabled={saving}
            value={draft.donation}
            error={error('donation_vote_price')}
            hint={t`A donation of the fan's own amount buys one vote per this price.`}
            onChange={(e) => setDraft((d) => ({ ...d, donation: e.target.value }))}
          />
        </div>
        <fieldset className="space-y-3">
          <legend className="font-semibold text-bone-100">{t`Packages (${fewest} to ${most})`}</legend>
          {error('packages') ? <FormAlert>{error('packages')}</FormAlert> : null}
          <ol className="space-y-3">
            {draft.rows.map((row, i) => {
              const number = i + 1;
              return (
                <li
                  key={row.key}
                  aria-label={t`Package ${number}`}
                  className="grid grid-cols-2 gap-3 rounded-lg border border-night-700 p-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
                >
                  <TextField
                    label={t`Votes`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    required
                    disabled={saving}
                    value={row.votes}
                    error={error(`packages.${i}.votes`)}
                    onChange={(e) => setRow(row.key, { votes: e.target.value })}
                  />
                  <TextField
                    label={t`Bonus votes`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    required
                    disabled={saving}
                    value={row.bonus}
                    error={error(`packages.${i}.bonus`)}
                    onChange={(e) => setRow(row.key, { bonus: e.target.value })}
                  />
                  <TextField
                    label={t`Price (${currency})`}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={step}
                    required
                    disabled={saving}
                    value={row.price}
                    error={error(`packages.${i}.price_minor`)}
                    onChange={(e) => setRow(row.key, { price: e.target.value })}
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={saving || draft.rows.length <= VOTE_PACKAGE_LIMITS.min}
                    onClick={() => removeRow(row.key)}
                    aria-label={t`Remove package ${number}`}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    <span className="sm:sr-only">
                      <Trans>Remove</Trans>
                    </span>
                  </Button>
                </li>
              );
            })}
          </ol>
          <Button variant="outline" size="sm" disabled={saving || draft.rows.length >= VOTE_PACKAGE_LIMITS.max} onClick={addRow}>
            <Plus aria-hidden="true" className="size-4" />
            <Trans>Add a package</Trans>
          </Button>
          <p className="text-xs text-bone-400">
            <Trans>A package some fan bought is kept for the records when removed: old links to it say it is no longer offered.</Trans>
          </p>
        </fieldset>
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
          {saving ? t`Saving...` : (saveLabel ?? t`Save vote packages`)}
        </Button>
      </form>
      <div aria-live="polite">
        {preview ? (
          <OfferPreview offer={preview} />
        ) : (
          <p className="rounded-xl border border-night-700 bg-night-900/90 p-4 text-sm text-bone-300">
            <Trans>The preview shows once every price and vote count is filled in correctly.</Trans>
          </p>
        )}
      </div>
    </div>
  );
}
