// Sign-in form: same zod schema as the server; an unverified account is offered the verification
// e-mail again (the answer is the same for any address, so it tells no one who has an account). An
// account with two-factor sign-in is asked for its code next (TwoFactorStep).
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { loginSchema } from '#contract/auth/requests';
import { ACCOUNT_MESSAGES, LOGIN_MESSAGES } from '#contract/auth/messages';
import type { TwoFactorTokenResponse } from '#contract/twofactor/answers';
import { recoveryCodesLeftMessage } from '#contract/twofactor/messages';
import { FormAlert } from '@/components/form/form-alert';
import { CheckboxField, TextField } from '@/components/form/inputs';
import { Button } from '@/components/ui/button';
import { errorDetail } from '@/lib/api/api-error';
import { useContractText } from '@/lib/i18n/contract-text';
import { asyncHandler } from '@/lib/async-handler';
import { signIn } from '@/lib/auth/auth-slice';
import { decodeToken, isExpired } from '@/lib/auth/jwt';
import { paths } from '@/lib/paths';
import { useAppDispatch } from '@/lib/store/hooks';
import { notify } from '@/lib/toast';
import { useLoginMutation } from '../api/login';
import { useRequestEmailVerificationMutation } from '../api/request-email-verification';
import { loginErrorMessage } from '../utils/login-error-message';
import { postLoginTarget } from '../utils/post-login-target';
import { TextLink } from './text-link';
import { TwoFactorStep } from './two-factor-step';

type LoginValues = z.input<typeof loginSchema>;
type LoginOutput = z.output<typeof loginSchema>;

export function LoginForm() {
  const [login, { isLoading }] = useLoginMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [unverified, setUnverified] = useState<string | null>(null);
  /** The password was right and the account asks for its second factor: the challenge to send the code with. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginValues, unknown, LoginOutput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '', remember_me: false },
  });
  const { errors } = formState;
  const { t } = useLingui();
  const ct = useContractText();
  // Field messages are the contract's (the schema).
  const fieldError = (message: string | undefined) => (message === undefined ? undefined : ct(message));

  /** A token from either step: the session starts, and the page moves on. */
  const finish = (token: string) => {
    const claims = decodeToken(token);
    if (!claims || isExpired(claims)) {
      setChallenge(null);
      setFormError(LOGIN_MESSAGES.formFallback);
      return;
    }
    dispatch(signIn(token));
    navigate(postLoginTarget(claims.is_superuser, location.state), { replace: true });
  };

  const onSecondStep = (answer: TwoFactorTokenResponse) => {
    if (answer.recovery_code_used) notify.info(ct(recoveryCodesLeftMessage(answer.recovery_codes_left)));
    finish(answer.access_token);
  };

  const onSubmit = async (values: LoginOutput) => {
    setFormError(null);
    setUnverified(null);
    let token: string;
    try {
      const answer = await login(values).unwrap();
      if ('two_factor_required' in answer) {
        setChallenge(answer.challenge);
        return;
      }
      token = answer.access_token;
    } catch (error) {
      const message = loginErrorMessage(error);
      setFormError(message);
      // The e-mail typed (a username gives none: the resend asks for it).
      if (message === LOGIN_MESSAGES.verifyFirst) setUnverified(values.username.includes('@') ? values.username.trim() : '');
      return;
    }
    finish(token);
  };

  if (challenge !== null) return <TwoFactorStep challenge={challenge} onSignedIn={onSecondStep} onBack={() => setChallenge(null)} />;

  return (
    <>
      <form noValidate onSubmit={asyncHandler(handleSubmit(onSubmit))} className="space-y-5">
        {formError ? <FormAlert>{ct(formError)}</FormAlert> : null}
        <TextField label={t`Email or Username`} autoComplete="username" required error={fieldError(errors.username?.message)} {...register('username')} />
        <TextField
          label={t`Password`}
          type="password"
          autoComplete="current-password"
          required
          error={fieldError(errors.password?.message)}
          {...register('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CheckboxField label={t`Remember me`} {...register('remember_me')} />
          <TextLink to={paths.forgotPassword()}>
            <Trans>Forgot password?</Trans>
          </TextLink>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={isLoading}>
          {isLoading ? t`Signing in...` : t`Sign In`}
        </Button>
      </form>
      {unverified !== null ? <ResendVerification initialEmail={unverified} /> : null}
    </>
  );
}

/** "Send the verification e-mail again", to the address typed (or asked for here). */
function ResendVerification({ initialEmail }: { initialEmail: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [resend, { isLoading }] = useRequestEmailVerificationMutation();
  const [answer, setAnswer] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();
  const { t } = useLingui();
  const ct = useContractText();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAnswer(null);
    setProblem(null);
    if (!email.trim()) return setProblem(LOGIN_MESSAGES.resendEmailRequired);
    try {
      setAnswer((await resend({ email: email.trim() }).unwrap()).message);
    } catch (error) {
      setProblem(errorDetail(error) ?? ACCOUNT_MESSAGES.resendFailed);
    }
  };

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={(e) => void submit(e)}
      className="mt-5 space-y-3 rounded-lg border border-night-700 bg-night-950/60 p-4"
    >
      <h2 id={headingId} className="text-sm font-semibold text-bone-50">
        <Trans>Didn't get the verification e-mail?</Trans>
      </h2>
      <TextField
        label={t`Your e-mail address`}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={problem === null ? undefined : ct(problem)}
      />
      <Button type="submit" variant="outline" className="w-full" disabled={isLoading}>
        {isLoading ? t`Sending...` : t`Resend verification email`}
      </Button>
      {answer ? (
        <p role="status" className="text-sm text-bone-200">
          {ct(answer)}
        </p>
      ) : null}
    </form>
  );
}
