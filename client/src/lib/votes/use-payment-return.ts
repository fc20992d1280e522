// Back from a checkout on the profile page:
// ?payment=success&token=… → PayPal capture; ?payment=success&session_id=… → Stripe capture;
// ?payment=cancel → 'Payment was cancelled. You have not been charged.'. The capture's 'Processing…' toast
// becomes its outcome (one toast per return). The query is cleared at once
// (history replaced), the profile reloads after a successful capture, and one return is captured
// once: not twice under StrictMode's double effects, and not again once the query is gone.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { PaymentMethod } from '#contract/payments/constants';
import { api } from '@/lib/api/api';
import { errorDetail } from '@/lib/api/api-error';
import { contractText } from '@/lib/i18n/contract-text';
import { useAppDispatch } from '@/lib/store/hooks';
import { notify } from '@/lib/toast';
import { useCapturePaypalMutation, useCaptureStripeMutation } from './capture-payment';
import { PAYMENT_TEXTS as T } from './payment-texts';

/** What the providers add to the return address; all of it is dropped once read. */
const RETURN_PARAMS = ['payment', 'token', 'session_id', 'PayerID'];

/** The capture a return asks for, if any. */
function captureOf(query: URLSearchParams): { method: PaymentMethod; ref: string } | null {
  if (query.get('payment') !== 'success') return null;
  const token = query.get('token')?.trim();
  if (token) return { method: 'paypal', ref: token };
  const session = query.get('session_id')?.trim();
  if (session) return { method: 'stripe', ref: session };
  return null;
}

/** `username`: the profile on screen, reloaded after a successful capture. */
export function usePaymentReturn(username: string): void {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [capturePaypal] = useCapturePaypalMutation();
  const [captureStripe] = useCaptureStripeMutation();
  // The returns already handled by this page (StrictMode runs the effect twice with the same refs).
  const handled = useRef(new Set<string>());

  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const payment = query.get('payment');
    if (payment !== 'success' && payment !== 'cancel') return;
    const key = location.search;
    if (handled.current.has(key)) return;
    handled.current.add(key);

    const rest = new URLSearchParams(query);
    RETURN_PARAMS.forEach((name) => rest.delete(name));
    const search = rest.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });

    if (payment === 'cancel') {
      notify.error(T.cancelled);
      return;
    }
    const capture = captureOf(query);
    if (!capture) return;
    // 'Processing your … payment...', then the same toast says how it ended.
    const outcome = notify.progress(T.processingProvider[capture.method]);
    const request = capture.method === 'paypal' ? capturePaypal({ order_id: capture.ref }) : captureStripe({ session_id: capture.ref });
    request
      .unwrap()
      .then((answer) => {
        // One message: the capture's outcome says the payment went through (the votes show on the page).
        outcome.success(T.completed);
        // The profile (and the signed-in user's own data) reload with the new counts.
        const names = new Set([username, answer?.username ?? username].map((name) => name.toLowerCase()));
        dispatch(api.util.invalidateTags([...[...names].map((id) => ({ type: 'Contestant' as const, id })), 'Me']));
      })
      .catch((error: unknown) => {
        // The server's detail in the reader's language, else the client's own text.
        const detail = errorDetail(error);
        outcome.error(detail ? contractText(detail) : T.captureFailed[capture.method]);
      });
  }, [location.search, location.pathname, location.hash, username, navigate, dispatch, capturePaypal, captureStripe]);
}
