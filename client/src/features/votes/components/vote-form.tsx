// The vote form: Name, Email Address and, for a donation of one's own choosing, 'Donation Amount ($)' (the
// offer's currency's symbol) in whole votes at the offer's price of one vote. A paid vote goes to
// POST /votes/initiate-payment and on to the checkout; a free vote is the ordinary free vote for this
// contestant. Competitors may not cast paid votes: a notice, and the submit is disabled.
import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { VoteOffer } from '#contract/payments/answers';
import { toMajor, toMinor } from '#contract/payments/currencies';
import { donationAmountSchema, initiatePaymentSchema } from '#contract/payments/requests';
import { PAYMENT_MESSAGES, VOTE_PAGE_MESSAGES as M } from '#contract/payments/messages';
import type { PaymentMethod } from '#contract/payments/constants';
import { VOTE_MESSAGES } from '#contract/votes/messages';
import { FormAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/form/inputs';
import { Button } from '@/components/ui/button';
import { formatNextVote } from '@/lib/dates';
import { useHydrated } from '@/hooks/use-hydrated';
import { errorDetail } from '@/lib/api/api-error';
import { useContractText } from '@/lib/i18n/contract-text';
import { formatPrice, priceSymbol } from '@/lib/money';
import { asyncHandler } from '@/lib/async-handler';
import { selectUser } from '@/lib/auth/auth-slice';
import { browser } from '@/lib/browser';
import { sameName } from '@/lib/realtime/live-cache';
import { useAppSelector } from '@/lib/store/hooks';
import { PaymentMethodField } from '@/components/votes/payment-method-field';
import { PAYMENT_TEXTS as T } from '@/lib/votes/payment-texts';
import { returnUrls } from '@/lib/same-origin';
import { TestModeNotice } from '@/components/votes/test-mode-notice';
import { SignInToVote } from '@/components/votes/sign-in-to-vote';
import { useGetSiteQuery } from '@/lib/api/site';
import { shownResult } from '@/lib/api/shown-result';
import { useFreeVote } from '@/lib/votes/use-free-vote';
import { usePaidVotes } from '@/lib/votes/use-paid-votes';
import { useInitiatePaymentMutation } from '../api/initiate-payment';
import type { VoteKind } from '../utils/vote-kind';

/** How long 'Payment initiated!' shows before the checkout opens. */
const CHECKOUT_DELAY_MS = 900;

/** The contract's rules and texts; the amount is checked only when the voter chooses it, against the offer. */
function voteFormSchema(needsAmount: boolean, offer: VoteOffer) {
  const amountSchema = z.string().trim().min(1, M.amountRequired).transform(Number).pipe(donationAmountSchema(offer.currency, offer.donation_vote_price));
  return z
    .object({
      voter_name: initiatePaymentSchema.shape.voter_name,
      voter_email: z.string().trim().min(1, M.emailRequired).pipe(initiatePaymentSchema.shape.voter_email),
      amount: z.string(),
    })
    .superRefine((values, ctx) => {
      if (!needsAmount) return;
      const amount = amountSchema.safeParse(values.amount);
      if (!amount.success) ctx.addIssue({ code: 'custom', path: ['amount'], message: amount.error.issues[0]?.message ?? M.amountRequired });
    });
}
type VoteFormValues = z.input<ReturnType<typeof voteFormSchema>>;
type VoteFormOutput = z.output<ReturnType<typeof voteFormSchema>>;

export interface VoteTarget {
  profileId: number;
  username: string;
}

/** The amount typed so far in minor units, if it buys whole votes of the offer (at least one). */
function typedMinor(value: string | undefined, offer: VoteOffer): number | null {
  if (!value || !/^\d+(\.\d+)?$/.test(value.trim())) return null;
  const minor = toMinor(Number(value), offer.currency);
  return minor !== null && minor >= offer.donation_vote_price && minor % offer.donation_vote_price === 0 ? minor : null;
}

export function VoteForm({ target, vote, offer }: { target: VoteTarget; vote: VoteKind; offer: VoteOffer }) {
  const { t } = useLingui();
  const ct = useContractText();
  const paid = usePaidVotes(offer.currency);
  const viewer = useAppSelector(selectUser);
  const { currentData: site } = useGetSiteQuery(undefined, { selectFromResult: shownResult });
  const isPaid = vote.kind === 'package' || vote.kind === 'other';
  const [initiate] = useInitiatePaymentMutation();
  const [method, setMethod] = useState<PaymentMethod | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [initiated, setInitiated] = useState(false);
  // The free vote for this contestant; whether this viewer already voted is checked first (not on one's own).
  const free = useFreeVote({
    username: vote.kind === 'free' ? target.username : '',
    check: vote.kind === 'free' && !sameName(viewer?.username, target.username),
    viewer: viewer?.username,
    optimistic: () => () => {},
  });
  const { register, handleSubmit, formState, watch } = useForm<VoteFormValues, unknown, VoteFormOutput>({
    resolver: zodResolver(voteFormSchema(vote.kind === 'other', offer)),
    defaultValues: { voter_name: '', voter_email: paid.email, amount: vote.kind === 'other' && vote.suggested ? String(vote.suggested) : '' },
  });
  const { errors } = formState;
  const chosenMethod = method ?? paid.defaultMethod;
  const blockedCompetitor = isPaid && paid.isCompetitor;
  const unavailable = isPaid && paid.ready && paid.methods.length === 0;

  const price = vote.kind === 'package' ? vote.pack.price_minor : vote.kind === 'other' ? typedMinor(watch('amount'), offer) : null;
  let label: string;
  if (sending || free.sending) label = T.processing;
  else if (vote.kind === 'free')
    label = free.hasVoted
      ? ct(VOTE_MESSAGES.alreadyVotedButton)
      : free.refusal
        ? t`Free Vote Unavailable`
        : free.checking
          ? t`Checking Your Vote...`
          : t`Cast Free Vote`;
  else if (price !== null) {
    const amount = formatPrice(price, offer.currency);
    label = t`Pay ${amount}`;
  } else label = t`Pay`;
  const symbol = priceSymbol(offer.currency);
  const votePrice = formatPrice(offer.donation_vote_price, offer.currency);
  // The next free vote's moment as lib/dates words it, inside the sentence of the app's language.
  const nextVote = free.nextVoteAt ? formatNextVote(free.nextVoteAt) : null;

  const onSubmit = async (values: VoteFormOutput) => {
    setFailure(null);
    if (vote.kind === 'free') {
      // The free vote carries no body: the name and e-mail stay on this page.
      await free.vote();
      return;
    }
    if (blockedCompetitor || !chosenMethod || vote.kind === 'gone') return;
    // In major units, as the voter sees them; the server prices it again from the offer.
    const amount = vote.kind === 'package' ? toMajor(vote.pack.price_minor, offer.currency) : Number(values.amount);
    const minor = toMinor(amount, offer.currency) ?? 0;
    const urls = returnUrls(target.username);
    setSending(true);
    try {
      const answer = await initiate({
        profile_id: target.profileId,
        voter_name: values.voter_name,
        voter_email: values.voter_email,
        // One vote per price of one vote for a donation; the package's votes for a package.
        votes: vote.kind === 'package' ? vote.pack.votes : minor / offer.donation_vote_price,
        amount_paid: amount,
        // Naming the package earns its bonus; a free amount is votes at one vote's price, even at a package's price.
        package_id: vote.kind === 'package' ? vote.pack.id : undefined,
        payment_method: chosenMethod,
        frontend_success_url: urls.success,
        frontend_cancel_url: urls.cancel,
      }).unwrap();
      if (!answer?.payment_url) {
        setFailure(T.noPaymentUrl);
        setSending(false);
        return;
      }
      // 'Payment initiated! ...', then the checkout. Said on the page for a moment before
      // leaving, so the voter reads it rather than losing it to the navigation.
      setInitiated(true);
      const url = answer.payment_url;
      window.setTimeout(() => browser.assign(url), CHECKOUT_DELAY_MS);
    } catch (error) {
      setFailure(errorDetail(error) ?? T.votePaymentFailed);
      setSending(false);
    }
  };

  const hydrated = useHydrated();
  const busy = sending || free.sending;
  const disabled =
    busy ||
    blockedCompetitor ||
    (isPaid && (!paid.ready || unavailable || !chosenMethod)) ||
    (vote.kind === 'free' && (free.hasVoted || free.checking || free.refusal !== null));
  // A free vote the site takes only from an account: a signed-out visitor is asked to sign in (known once hydrated).
  if (vote.kind === 'free' && hydrated && !viewer && site?.vote_identity === 'account' && !free.hasVoted && free.refusal === null) return <SignInToVote />;
  return (
    <form noValidate onSubmit={asyncHandler(handleSubmit(onSubmit))}>
      {/* A page drawn on the server takes input once it has hydrated: before, nothing would handle it. */}
      <fieldset disabled={!hydrated} className="min-w-0 space-y-5">
        {blockedCompetitor ? (
          <p role="note" className="rounded-md border border-amber-500/50 bg-amber-950/50 px-3 py-2 text-sm font-semibold text-amber-200">
            {ct(PAYMENT_MESSAGES.competitorsNotPermitted)}
          </p>
        ) : null}
        {unavailable ? <p className="rounded-md border border-night-600 bg-night-800 px-3 py-2 text-sm text-bone-200">{T.unavailable}</p> : null}
        <TextField
          label={t`Name`}
          autoComplete="name"
          required
          disabled={busy}
          error={errors.voter_name?.message && ct(errors.voter_name.message)}
          {...register('voter_name')}
        />
        <TextField
          label={t`Email Address`}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          disabled={busy}
          error={errors.voter_email?.message && ct(errors.voter_email.message)}
          {...register('voter_email')}
        />
        {vote.kind === 'other' ? (
          <TextField
            label={t`Donation Amount (${symbol})`}
            type="number"
            inputMode={toMajor(offer.donation_vote_price, offer.currency) % 1 === 0 ? 'numeric' : 'decimal'}
            min={toMajor(offer.donation_vote_price, offer.currency)}
            step={toMajor(offer.donation_vote_price, offer.currency)}
            required
            disabled={busy}
            hint={t`Each ${votePrice} is one vote.`}
            error={errors.amount?.message && ct(errors.amount.message)}
            {...register('amount')}
          />
        ) : null}
        {isPaid && paid.testMode ? <TestModeNotice /> : null}
        {isPaid && paid.methods.length > 0 ? (
          <PaymentMethodField
            name="vote-payment-method"
            methods={paid.methods}
            value={chosenMethod}
            onChange={setMethod}
            testMode={paid.testMode}
            disabled={busy || blockedCompetitor}
          />
        ) : null}
        {failure ? <FormAlert>{ct(failure)}</FormAlert> : null}
        {initiated ? (
          <p role="status" className="rounded-md border border-emerald-500/50 bg-emerald-950/50 px-3 py-2 text-sm text-emerald-100">
            <span>{T.voteInitiated}</span> <span>{t`Taking you to the checkout…`}</span>
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={disabled} aria-busy={busy || free.checking || undefined}>
          {label}
        </Button>
        {vote.kind === 'free' && (free.refusal || free.hasVoted) ? (
          <p role="status" className="text-center text-sm text-bone-200">
            {free.refusal ? ct(free.refusal) : nextVote ? t`Your next free vote: ${nextVote}.` : t`Your next free vote: in 24 hours.`}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
}
