// Create and edit contest: the contract's schemas (create adds "not in the past"),
// datetime-local inputs read as local time and sent as ISO strings, a 422 list mapped to fields.
import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type UseFormGetValues, type UseFormSetError, type UseFormSetValue } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { ApiErrorItem } from '#contract/common/answers';
import type { ContestRound } from '#contract/contests/answers';
import { type ContestInput, contestSchema, type ContestValues, createContestSchema } from '#contract/contests/requests';
import { categoryListSchema } from '#contract/profiles/requests';
import { FormAlert } from '@/components/form/form-alert';
import { CheckboxField, SelectField, TextAreaField, TextField } from '@/components/form/inputs';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-styles';
import { errorDetail, joinMessages, validationItems } from '@/lib/api/api-error';
import { applyFieldErrors } from '@/lib/api/form-errors';
import { asyncHandler } from '@/lib/async-handler';
import { useContractText } from '@/lib/i18n/contract-text';
import { timeZoneChoices, toZonedInputValue, zonedInputToIso } from '@/lib/zoned-inputs';
import { notify } from '@/lib/toast';
import type { ContestPayload } from '../api/create-contest';
import { RoundsFields } from './rounds-fields';

const FIELDS = [
  'name',
  'description',
  'start_date',
  'end_date',
  'is_active',
  'is_current',
  'group_size_cap',
  'vote_challenge',
  'winners',
  'rounds',
  'time_zone',
  'carry_votes',
  'categories',
] as const;
/** The fields of a round a 422 names (loc: body, rounds, index, field). */
const ROUND_FIELDS = ['name', 'ends_at', 'advance_per_group', 'advance_total'] as const;

/** The free-vote challenge choices, '' being the site's setting. */
const CHALLENGE_CHOICES: [string, MessageDescriptor][] = [
  ['', msg`Site default`],
  ['off', msg`Off`],
  ['flagged', msg`Flagged contestants only`],
  ['always', msg`Every free vote`],
];

export const EMPTY_CONTEST: ContestInput = {
  name: '',
  description: '',
  start_date: '',
  end_date: '',
  // A new contest is active and not current unless the admin says otherwise.
  is_active: true,
  is_current: false,
  group_size_cap: '',
  vote_challenge: '',
  winners: '',
  rounds: [],
  // Set by the create page to the browser's zone.
  time_zone: 'UTC',
  carry_votes: true,
  categories: null,
};

/** The categories box: one name a line; empty offers the site's list (null). */
const toCategoryLines = (categories: readonly string[] | null | undefined) => (categories ?? []).join('\n');
const fromCategoryLines = (text: string): string[] | null => {
  const names = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return names.length ? names : null;
};

/** What an edit started from: the stored times go back to the millisecond where the form's minutes still say the same. */
interface Stored {
  start_date: string;
  end_date: string | null;
  rounds: ContestRound[];
  carry_votes: boolean;
}

function toPayload(values: ContestValues, stored: Stored | null, categories: string[] | null): ContestPayload {
  const zone = values.time_zone || 'UTC';
  // The form shows minutes: a time it shows unchanged is sent as stored, not moved to the minute.
  const same = (sent: string, kept: string | null | undefined) => (kept && zonedInputToIso(toZonedInputValue(kept, zone), zone) === sent ? kept : sent);
  const rounds = (values.rounds ?? []).map((r, i) => {
    const before = stored?.rounds[i];
    // A closed round goes back exactly as stored.
    if (before?.state === 'closed')
      return { name: before.name, ends_at: before.ends_at, advance_per_group: before.advance_per_group, advance_total: before.advance_total };
    return { ...r, ends_at: same(r.ends_at, before?.ends_at) };
  });
  return {
    name: values.name,
    description: values.description,
    start_date: same(values.start_date, stored?.start_date),
    // With rounds the contest ends with the last one (the server sets it).
    end_date: values.end_date && !rounds.length ? same(values.end_date, stored?.end_date) : null,
    is_active: values.is_active,
    is_current: values.is_current,
    group_size_cap: values.group_size_cap,
    vote_challenge: values.vote_challenge ?? null,
    // The form shows every round: what it sends is the whole list (none removes them).
    rounds,
    winners: rounds.length ? values.winners : 0,
    time_zone: values.time_zone,
    // Once a round has closed the checkbox is off (it can no longer change): the stored value goes back.
    carry_votes: values.carry_votes ?? stored?.carry_votes ?? true,
    categories,
  };
}

/** The form's dates are wall times in the contest's zone: read as such (into ISO times) before the schema checks them. */
function inZone(values: ContestInput): ContestInput {
  const zone = values.time_zone || 'UTC';
  return {
    ...values,
    start_date: zonedInputToIso(values.start_date, zone),
    end_date: values.end_date ? zonedInputToIso(values.end_date, zone) : values.end_date,
    rounds: values.rounds?.map((r) => ({ ...r, ends_at: zonedInputToIso(r.ends_at, zone) })),
  };
}

/** What a time-zone change does to the dates already in the form. */
export type ZoneChange = 'moments' | 'wall';

/**
 * Rewrites the form's date fields from wall times in `from` to wall times in `to` (the same moments).
 * Closed rounds only when `closedToo` (they never move, so they always follow the zone).
 */
function rewriteDates(
  getValues: UseFormGetValues<ContestInput>,
  setValue: UseFormSetValue<ContestInput>,
  from: string,
  to: string,
  closedCount: number,
  openToo: boolean,
) {
  const move = (text: string) => {
    const iso = zonedInputToIso(text, from);
    return iso === text ? text : toZonedInputValue(iso, to);
  };
  if (openToo) {
    setValue('start_date', move(getValues('start_date')));
    const end = getValues('end_date');
    if (end) setValue('end_date', move(end));
  }
  (getValues('rounds') ?? []).forEach((r, i) => {
    if (i < closedCount || openToo) setValue(`rounds.${i}.ends_at`, move(r.ends_at));
  });
}

/** Puts a 422's round entries under their round's field; answers the rest. */
function applyRoundErrors(items: ApiErrorItem[], setError: UseFormSetError<ContestInput>): ApiErrorItem[] {
  return items.filter((item) => {
    const [, list, index, field] = item.loc;
    if (list !== 'rounds' || typeof index !== 'number') return true;
    const name = ROUND_FIELDS.find((f) => f === field);
    setError(name ? `rounds.${index}.${name}` : `rounds.${index}`, { type: 'server', message: item.msg });
    return false;
  });
}

interface Props {
  mode: 'create' | 'edit';
  defaultValues: ContestInput;
  /** Sends the payload; throws the API error on failure. Success (toast, navigation) is the page's. */
  onSubmit: (payload: ContestPayload) => Promise<void>;
  /** 'Failed to create contest' or 'Failed to update contest'. */
  failureMessage: string;
  cancelTo: string;
  /** An edit: the contest as stored (its closed rounds are shown read-only and sent back exactly as stored). */
  stored?: Stored;
}

export function ContestForm({ mode, defaultValues, onSubmit, failureMessage, cancelTo, stored }: Props) {
  const [formError, setFormError] = useState<string | null>(null);
  const { t, i18n } = useLingui();
  const ct = useContractText();
  // A field's problem (the contract's or the server's words) in the reader's language.
  const problem = (text: string | undefined) => (text ? ct(text) : undefined);
  const { register, handleSubmit, setError, setValue, getValues, control, formState } = useForm<ContestInput, unknown, ContestValues>({
    resolver: (values, context, options) => zodResolver(mode === 'create' ? createContestSchema : contestSchema)(inZone(values), context, options),
    defaultValues,
  });
  const zone = useWatch({ control, name: 'time_zone' }) || 'UTC';
  const knownZones = useMemo(timeZoneChoices, []);
  // A stored zone this browser does not list is still offered, so the select shows it.
  const zones = knownZones.includes(zone) ? knownZones : [zone, ...knownZones];
  const { errors, isSubmitting } = formState;
  const closedCount = stored?.rounds.filter((r) => r.state === 'closed').length ?? 0;
  // A zone change keeps a stored contest's moments (fans already count down to them) unless the admin
  // chooses its wall times; a new contest's dates are read in the zone picked for it.
  const initialZone = defaultValues.time_zone || 'UTC';
  const [zoneChange, setZoneChange] = useState<ZoneChange>(mode === 'edit' ? 'moments' : 'wall');
  const shownZone = useRef(zone);
  const zoneChangeId = useId();
  useEffect(() => {
    if (shownZone.current === zone) return;
    rewriteDates(getValues, setValue, shownZone.current, zone, closedCount, zoneChange === 'moments');
    shownZone.current = zone;
  }, [zone, zoneChange, closedCount, getValues, setValue]);
  const chooseZoneChange = (next: ZoneChange) => {
    if (next === zoneChange) return;
    // Moments → wall: the fields read as they did in the first zone; wall → moments: the first zone's moments, shown in this one.
    if (next === 'wall') rewriteDates(getValues, setValue, zone, initialZone, 0, true);
    else rewriteDates(getValues, setValue, initialZone, zone, 0, true);
    setZoneChange(next);
  };
  const fromZone = initialZone.replaceAll('_', ' ');
  const toZone = zone.replaceAll('_', ' ');
  const startText = useWatch({ control, name: 'start_date' });
  // With rounds, the end date is the last round's: the field is off (and sends nothing).
  const hasRounds = (useWatch({ control, name: 'rounds' })?.length ?? 0) > 0;
  const hasDates = Boolean(startText) || hasRounds;
  useEffect(() => {
    if (hasRounds) setValue('end_date', '');
  }, [hasRounds, setValue]);

  const [categoryLines, setCategoryLines] = useState(() => toCategoryLines(defaultValues.categories));

  const submit = async (values: ContestValues) => {
    setFormError(null);
    const categories = fromCategoryLines(categoryLines);
    const listProblem = categories ? categoryListSchema.safeParse(categories).error?.issues[0]?.message : undefined;
    if (listProblem) {
      setError('categories', { type: 'validate', message: listProblem });
      return;
    }
    try {
      await onSubmit(toPayload(values, stored ?? null, categories));
    } catch (error) {
      notify.error(ct(failureMessage));
      const items = validationItems(error);
      if (items) {
        // Array-style details are mapped to field errors by field name.
        const rest = applyFieldErrors(applyRoundErrors(items, setError), setError, FIELDS);
        if (rest.length) setFormError(joinMessages(rest.map((item) => ({ ...item, msg: ct(item.msg) }))));
        return;
      }
      const detail = errorDetail(error);
      if (detail) setFormError(ct(detail));
    }
  };

  return (
    <form
      noValidate
      onSubmit={asyncHandler(handleSubmit(submit))}
      className="space-y-6 rounded-xl border border-night-700 bg-night-900/90 p-6 shadow-xl sm:p-8"
    >
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TextField label={t`Contest Name`} required autoComplete="off" error={problem(errors.name?.message)} {...register('name')} />
      <TextAreaField label={t`Description`} required rows={4} error={problem(errors.description?.message)} {...register('description')} />
      <SelectField
        label={t`Time zone`}
        required
        error={problem(errors.time_zone?.message)}
        hint={t`The contest's dates are entered and shown in this zone`}
        fieldClassName="sm:max-w-xs"
        {...register('time_zone')}
      >
        {zones.map((z) => (
          <option key={z} value={z}>
            {z.replaceAll('_', ' ')}
          </option>
        ))}
      </SelectField>
      {zone !== initialZone && hasDates ? (
        <div role="radiogroup" aria-labelledby={zoneChangeId} className="space-y-2 rounded-lg border border-amber-500/40 bg-amber-950/20 p-4">
          <p id={zoneChangeId} className="text-sm font-medium text-bone-100">
            <Trans>
              The zone changed from {fromZone} to {toZone}: what happens to the dates?
            </Trans>
          </p>
          <label className="flex items-start gap-3 text-sm text-bone-200">
            <input type="radio" name="zone-change" className="mt-1" checked={zoneChange === 'moments'} onChange={() => chooseZoneChange('moments')} />
            <span>
              <Trans>
                <span className="font-medium text-bone-50">Keep the same moments</span> — every start, end and cut stays when it is; the fields below show it in
                the new zone.
              </Trans>
            </span>
          </label>
          <label className="flex items-start gap-3 text-sm text-bone-200">
            <input type="radio" name="zone-change" className="mt-1" checked={zoneChange === 'wall'} onChange={() => chooseZoneChange('wall')} />
            <span>
              {closedCount ? (
                <Trans>
                  <span className="font-medium text-bone-50">Keep the wall times</span> — every date keeps the clock time it reads, so it moves by the
                  difference between the zones (closed rounds never move).
                </Trans>
              ) : (
                <Trans>
                  <span className="font-medium text-bone-50">Keep the wall times</span> — every date keeps the clock time it reads, so it moves by the
                  difference between the zones.
                </Trans>
              )}
            </span>
          </label>
        </div>
      ) : null}
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField
          label={t`Start Date`}
          type="datetime-local"
          required
          error={problem(errors.start_date?.message)}
          hint={t`Time in ${zone}`}
          {...register('start_date')}
        />
        <TextField
          label={t`End Date`}
          type="datetime-local"
          error={problem(errors.end_date?.message)}
          hint={hasRounds ? t`The contest ends with its last round` : t`Optional; leave empty for no end date`}
          {...register('end_date', { disabled: hasRounds })}
        />
      </div>
      <TextField
        label={t`Group Size`}
        type="number"
        inputMode="numeric"
        min={1}
        max={1000}
        step={1}
        error={problem(errors.group_size_cap?.message)}
        hint={t`Optional: contestants per group. Leave empty for the default size.`}
        fieldClassName="sm:max-w-xs"
        {...register('group_size_cap')}
      />
      <SelectField
        label={t`Free-vote challenge`}
        error={problem(errors.vote_challenge?.message)}
        hint={t`A short puzzle the voter's browser solves before a free vote counts (no third party, no cookies).`}
        fieldClassName="sm:max-w-xs"
        {...register('vote_challenge')}
      >
        {CHALLENGE_CHOICES.map(([value, label]) => (
          <option key={value} value={value}>
            {i18n._(label)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t`Categories`}
        rows={4}
        value={categoryLines}
        onChange={(e) => setCategoryLines(e.target.value)}
        error={problem(errors.categories?.message)}
        hint={t`Optional: this contest's own categories, one per line (up to 20, 32 characters each). Leave empty to offer the site's categories.`}
        fieldClassName="sm:max-w-md"
      />
      <RoundsFields control={control} register={register} setValue={setValue} errors={errors} closedCount={closedCount} zone={zone} />
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-medium text-bone-200">
          <Trans>Settings</Trans>
        </legend>
        <div className="flex flex-col gap-3 sm:flex-row sm:gap-8">
          <CheckboxField label={t`Active`} {...register('is_active')} />
          <CheckboxField label={t`Current contest`} {...register('is_current')} />
        </div>
        {errors.is_active?.message || errors.is_current?.message ? (
          <p role="alert" className="text-sm text-blood-300">
            {problem(errors.is_active?.message ?? errors.is_current?.message)}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-col-reverse gap-3 border-t border-night-700 pt-6 sm:flex-row sm:justify-end">
        <Link to={cancelTo} className={buttonClass('outline')}>
          <Trans>Cancel</Trans>
        </Link>
        <Button type="submit" disabled={isSubmitting}>
          {mode === 'create' ? (isSubmitting ? t`Creating...` : t`Create Contest`) : isSubmitting ? t`Saving...` : t`Save Changes`}
        </Button>
      </div>
    </form>
  );
}
