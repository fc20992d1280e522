// The sign-in page's half of a provider's sign-in: the "Continue with …" links, and, when a provider
// sent the browser back here, the one-time code in the address's fragment exchanged for the token
// (then the session starts as a password sign-in's does), or the refusal said in words.
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { OIDC_MESSAGES } from '#contract/auth/messages';
import { returnPathSchema } from '#contract/auth/requests';
import { ProviderButtons } from '@/components/auth/provider-buttons';
import { FormAlert } from '@/components/form/form-alert';
import { errorDetail } from '@/lib/api/api-error';
import { signIn } from '@/lib/auth/auth-slice';
import { paths } from '@/lib/paths';
import { useAppDispatch } from '@/lib/store/hooks';
import { useContractText } from '@/lib/i18n/contract-text';
import { useOidcCompleteMutation } from '../api/oidc-complete';
import { postLoginTarget } from '../utils/post-login-target';

/** The refusals the callback names (its `oidc_error`), as the page says them. */
const REFUSALS: Record<string, string> = {
  stateRefused: OIDC_MESSAGES.stateRefused,
  providerRefused: OIDC_MESSAGES.providerRefused,
  emailUnverified: OIDC_MESSAGES.emailUnverified,
  accountExists: OIDC_MESSAGES.accountExists,
  staffUsePassword: OIDC_MESSAGES.staffUsePassword,
  linkedElsewhere: OIDC_MESSAGES.linkedElsewhere,
  tooManyStarts: OIDC_MESSAGES.tooManyStarts,
};

export function ProviderSignIn() {
  const ct = useContractText();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [complete] = useOidcCompleteMutation();
  const [error, setError] = useState<string | null>(null);
  const [completing, setCompleting] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const hash = new URLSearchParams(location.hash.slice(1));
    const refusal = hash.get('oidc_error');
    const code = hash.get('oidc_code');
    if (!refusal && !code) return;
    // The code is single-use: it leaves the address at once.
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: location.state });
    if (refusal) {
      setError(REFUSALS[refusal] ?? OIDC_MESSAGES.providerRefused);
      return;
    }
    const back = hash.get('return_to') ?? '';
    setCompleting(true);
    complete({ code: code! })
      .unwrap()
      .then(({ access_token }) => {
        dispatch(signIn(access_token));
        navigate(returnPathSchema.safeParse(back).success && back !== paths.login() ? back : paths.dashboard(), { replace: true });
      })
      .catch((err: unknown) => {
        setCompleting(false);
        setError(errorDetail(err) ?? OIDC_MESSAGES.handoffExpired);
      });
  }, [complete, dispatch, navigate, location]);

  return (
    <div className="mb-6">
      {completing && (
        <p role="status" className="mb-4 text-center text-sm text-bone-200">
          {ct(OIDC_MESSAGES.completing)}
        </p>
      )}
      {error && <FormAlert>{ct(error)}</FormAlert>}
      {/* Back where the visitor was sent to sign in from, as the password sign-in does. */}
      <ProviderButtons returnTo={postLoginTarget(false, location.state)} />
    </div>
  );
}
