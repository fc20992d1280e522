// The buy-votes dialog: title
// 'Buy {votes+bonus} Votes', the breakdown, a receipt e-mail, the payment methods that take the offer's
// currency and 'Pay {price}' in that currency ('Pay $10'; 'Processing...' while sending). Success → the checkout page; failure → enabled again
// with the detail or 'Failed to initiate payment'. Closes on ×, a click outside or Escape.
import { zodResolver } from '@hookform/resolvers/zod';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { donationNotice, VOTE_PAGE_MESSAGES as M } from '#contract/payments/messages';
import type { VotePackage } from '#contract/payments/answers';
import type { PaymentMethod } from '#contract/payments/constants';
import { toMajor } from '#contract/payments/currencies';
import { FormAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/form/inputs';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorDetail } from '@/lib/api/api-error';
import { useContractText } from '@/lib/i18n/contract-text';
import { formatPrice } from '@/lib/money';
import { useGetSiteQuery } from '@/lib/api/site';
import { asyncHandler } from '@/lib/async-handler';
import { browser } from '@/lib/browser';
import { useBuyVotesMutation } from '@/lib/votes/buy-votes';
import { PaymentMethodField } from './payment-method-field';
import { PAYMENT_TEXTS as T } from '@/lib/votes/payment-texts';
import { returnUrls } from '@/lib/same-origin';
import { TestModeNotice } from './test-mode-notice';
import type { PaidVotes } from '@/lib/votes/use-paid-votes';
import { VoteRulesLink } from './vote-rules-link';

/** Who paid votes go to until GET /site answers (the server's defaults). */
const CHARITY = { name: 'our partner charity', beneficiary: "a children's toy-drive foundation" };

const receiptSchema = z.object({
  payer_email: z.string().trim().min(1, M.emailRequired).pipe(z.email(M.emailInvalid)),
});
type ReceiptValues = z.input<typeof receiptSchema>;
type ReceiptOutput = z.output<typeof receiptSchema>;

export interface BuyVotesDialogProps {
  pack: VotePackage | null;
  /** The offer's currency (ISO 4217): the package's price is in its minor units. */
  currency: string;
  /** The contestant the votes are for. */
  username: string;
  contestantId: number;
  paid: PaidVotes;
  onClose: () => void;
}

function Breakdown({ pack, currency }: { pack: VotePackage; currency: string }) {
  const { t } = useLingui();
  const rows: [string, string][] = [
    [t`Base votes`, String(pack.votes)],
    ...(pack.bonus > 0 ? [[t`Bonus votes`, `+${pack.bonus}`] as [string, string]] : []),
    [t`Total votes`, String(pack.votes + pack.bonus)],
  ];
  return (
    <dl className="mt-4 divide-y divide-night-700 rounded-lg border border-night-700 bg-night-800/60 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="flex justify-between px-4 py-2">
          <dt className="text-bone-400">{term}</dt>
          <dd className="font-semibold tabular-nums text-bone-50">{value}</dd>
        </div>
      ))}
      <div className="flex justify-between px-4 py-2 text-base">
        <dt className="font-semibold text-bone-200">
          <Trans>Amount due</Trans>
        </dt>
        <dd className="font-bold tabular-nums text-bone-50">{formatPrice(pack.price_minor, currency)}</dd>
      </div>
    </dl>
  );
}

function BuyVotesForm({
  pack,
  currency,
  username,
  contestantId,
  paid,
  onSending,
  onClose,
}: Omit<BuyVotesDialogProps, 'pack'> & { pack: VotePackage; onSending: (sending: boolean) => void }) {
  const { t } = useLingui();
  const ct = useContractText();
  const [buy] = useBuyVotesMutation();
  const { data: site } = useGetSiteQuery();
  const [method, setMethod] = useState<PaymentMethod | undefined>(paid.defaultMethod);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ReceiptValues, unknown, ReceiptOutput>({
    resolver: zodResolver(receiptSchema),
    defaultValues: { payer_email: paid.email },
  });

  const price = formatPrice(pack.price_minor, currency);

  const busy = (next: boolean) => {
    setSending(next);
    onSending(next);
  };

  const onSubmit = async ({ payer_email }: ReceiptOutput) => {
    if (!method || sending) return;
    setFailure(null);
    busy(true);
    const urls = returnUrls(username);
    try {
      const answer = await buy({
        username,
        body: {
          contestant_id: contestantId,
          num_votes: pack.votes,
          payer_email,
          payment_method: method,
          frontend_success_url: urls.success,
          frontend_cancel_url: urls.cancel,
          // The price as shown, in major units: the server refuses a stale page.
          amount_expected: toMajor(pack.price_minor, currency),
        },
      }).unwrap();
      if (!answer?.payment_url) {
        setFailure(T.noPaymentUrl);
        busy(false);
        return;
      }
      // Stays 'Processing...' while the browser leaves for the checkout.
      browser.assign(answer.payment_url);
    } catch (error) {
      setFailure(errorDetail(error) ?? T.startFailed);
      busy(false);
    }
  };

  return (
    <form noValidate onSubmit={asyncHandler(handleSubmit(onSubmit))} className="mt-5 space-y-5">
      <Breakdown pack={pack} currency={currency} />
      <p className="text-xs text-bone-400">{ct(donationNotice(site?.charity_name ?? CHARITY.name, site?.charity_beneficiary ?? CHARITY.beneficiary))}</p>
      {paid.testMode ? <TestModeNotice /> : null}
      <TextField
        label={t`Receipt email`}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        disabled={sending}
        hint={t`We send the receipt here.`}
        error={formState.errors.payer_email?.message && ct(formState.errors.payer_email.message)}
        {...register('payer_email')}
      />
      <PaymentMethodField
        name={`payment-method-${pack.id}`}
        methods={paid.methods}
        value={method}
        onChange={setMethod}
        testMode={paid.testMode}
        disabled={sending}
      />
      {failure ? <FormAlert>{ct(failure)}</FormAlert> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={sending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={sending || !method} aria-busy={sending || undefined}>
          {sending ? T.processing : t`Pay ${price}`}
        </Button>
      </div>
      <p className="text-center text-xs text-bone-400">
        <VoteRulesLink />
      </p>
    </form>
  );
}

export function BuyVotesDialog({ pack, currency, username, contestantId, paid, onClose }: BuyVotesDialogProps) {
  const { t } = useLingui();
  const [sending, setSending] = useState(false);
  const total = pack ? pack.votes + pack.bonus : 0;
  return (
    <Dialog
      open={pack !== null}
      onClose={onClose}
      busy={sending}
      closeButton
      title={pack ? t`${plural(total, { one: `Buy ${total} Votes`, other: `Buy ${total} Votes` })}` : ''}
      description={<p>{t`For @${username}. You will finish paying on the checkout page.`}</p>}
    >
      {pack ? (
        <BuyVotesForm
          key={pack.id}
          pack={pack}
          currency={currency}
          username={username}
          contestantId={contestantId}
          paid={paid}
          onSending={setSending}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}
