// /test-checkout/{paymentId}: the TEST MODE checkout, this site's stand-in for Stripe and
// PayPal when no provider keys are set. Nothing here looks like a real charge: no card fields, 'TEST
// MODE' in plain sight. What it shows comes from its address (the server puts the amount in its
// currency's minor units, the currency and the votes there; the page writes the amount: '$10', '¥1,000');
// Pay → POST /payments/test/{id}/pay → the success URL; Cancel → the cancel URL. Only pages of this
// site are followed (no open redirect).
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { FlaskConical } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { isCurrency } from '#contract/payments/currencies';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { errorDetail } from '@/lib/api/api-error';
import { browser } from '@/lib/browser';
import { useContractText } from '@/lib/i18n/contract-text';
import { formatPrice } from '@/lib/money';
import { sameOriginUrl } from '@/lib/same-origin';
import { usePayTestPaymentMutation } from '../api/pay-test-payment';

export const TEST_CHECKOUT_TEXTS = {
  payFailed: msg`The test payment could not be completed. Please try again.`,
  foreignRedirect: msg`This checkout only returns you to pages of this site; the address it was given is elsewhere.`,
  processing: msg`Processing...`,
} as const;

/** The amount from the address, written in its currency in the app's language ('$10', '¥1,000', 'R$ 5'), or null when either is missing or malformed. */
function amountOf(minor: string | null, currency: string | null): string | null {
  if (!minor || !/^\d{1,12}$/.test(minor) || !currency || !isCurrency(currency)) return null;
  return formatPrice(Number(minor), currency);
}

/** The contestant named in the return address (/profile/{username} or /profile/2025/{username}). */
function contestantOf(successUrl: string | null): string | null {
  if (!successUrl) return null;
  const match = /^\/profile\/(?:2025\/)?([^/]+)\/?$/.exec(new URL(successUrl).pathname);
  return match ? decodeURIComponent(match[1]) : null;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-2.5">
      <dt className="text-bone-400">{term}</dt>
      <dd className="min-w-0 break-all font-semibold text-bone-50">{children}</dd>
    </div>
  );
}

export function TestCheckoutPage() {
  const { paymentId = '' } = useParams();
  const [query] = useSearchParams();
  const [pay] = usePayTestPaymentMutation();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { t, i18n } = useLingui();
  const ct = useContractText();

  const amount = amountOf(query.get('amount_minor'), query.get('currency'));
  const votes = /^\d+$/.test(query.get('votes') ?? '') ? Number(query.get('votes')) : null;
  const success = sameOriginUrl(query.get('success'));
  const cancel = sameOriginUrl(query.get('cancel'));
  const contestant = contestantOf(success);

  const onPay = async () => {
    setFailure(null);
    setSending(true);
    try {
      const answer = await pay(paymentId).unwrap();
      const target = sameOriginUrl(answer?.redirect_url);
      if (!target) {
        setFailure(i18n._(TEST_CHECKOUT_TEXTS.foreignRedirect));
        setSending(false);
        return;
      }
      browser.assign(target);
    } catch (error) {
      const detail = errorDetail(error);
      setFailure(detail ? ct(detail) : i18n._(TEST_CHECKOUT_TEXTS.payFailed));
      setSending(false);
    }
  };

  const onCancel = () => browser.assign(cancel ?? `${browser.origin()}/`);

  return (
    <section className="grain flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
      <div className="w-full max-w-md rounded-2xl border-2 border-dashed border-amber-500/70 bg-night-900/95 p-6 shadow-2xl sm:p-8">
        <p className="flex items-center gap-2 text-sm font-bold uppercase tracking-[0.3em] text-amber-300">
          <FlaskConical aria-hidden="true" className="size-5" />
          <Trans>Test mode</Trans>
        </p>
        <h1 className="mt-2 font-display text-3xl font-bold text-bone-50">
          <Trans>TEST MODE checkout</Trans>
        </h1>
        <p role="note" className="mt-3 rounded-md border border-amber-500/50 bg-amber-950/50 px-3 py-2 font-semibold text-amber-200">
          <Trans>TEST MODE — no money is taken. This page stands in for a payment provider while paid votes are being tried out.</Trans>
        </p>
        <dl className="mt-6 divide-y divide-night-700 rounded-lg border border-night-700 bg-night-800/60 text-sm">
          <Row term={t`Payment reference`}>
            <code>{paymentId}</code>
          </Row>
          {contestant ? <Row term={t`Votes for`}>@{contestant}</Row> : null}
          {votes !== null ? <Row term={t`Votes`}>{votes}</Row> : null}
          {amount !== null ? <Row term={t`Amount (not charged)`}>{amount}</Row> : null}
        </dl>
        {failure ? (
          <div className="mt-5">
            <FormAlert>{failure}</FormAlert>
          </div>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel} disabled={sending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={() => void onPay()} disabled={sending || !paymentId} aria-busy={sending || undefined}>
            {sending ? i18n._(TEST_CHECKOUT_TEXTS.processing) : amount !== null ? t`Pay ${amount} (test mode)` : t`Pay (test mode)`}
          </Button>
        </div>
      </div>
    </section>
  );
}
