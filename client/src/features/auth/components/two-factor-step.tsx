// The sign-in's second step, for an account with two-factor sign-in: one code field (the authenticator's
// 6 digits, or a recovery code), focused as it appears; a wrong code says so and keeps the field.
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { recoveryCodeOf, totpCodeOf } from '#contract/twofactor/codes';
import { TWO_FACTOR_MESSAGES as M } from '#contract/twofactor/messages';
import { FormAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/form/inputs';
import { Button } from '@/components/ui/button';
import { errorDetail, errorStatus } from '@/lib/api/api-error';
import { useContractText } from '@/lib/i18n/contract-text';
import { LOGIN_MESSAGES } from '#contract/auth/messages';
import type { TwoFactorTokenResponse } from '#contract/twofactor/answers';
import { useSignInWithTwoFactorMutation } from '../api/sign-in-with-two-factor';

interface TwoFactorStepProps {
  challenge: string;
  /** The code was right: the token, and what is left of the recovery codes. */
  onSignedIn: (answer: TwoFactorTokenResponse) => void;
  /** Back to the password form (a new sign-in). */
  onBack: () => void;
}

/** The words of a refused code: the server's (wrong code, expired sign-in, too many attempts), else a fallback. */
function codeErrorMessage(error: unknown): string {
  const status = errorStatus(error);
  if (status === 422) return M.signInCodeFormat;
  return errorDetail(error) ?? (status === undefined || status === 0 ? LOGIN_MESSAGES.formFallback : LOGIN_MESSAGES.failed);
}

export function TwoFactorStep({ challenge, onSignedIn, onBack }: TwoFactorStepProps) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [send, { isLoading }] = useSignInWithTwoFactorMutation();
  const headingId = useId();
  const introId = useId();
  const { t } = useLingui();
  const ct = useContractText();

  const switchKind = () => {
    setUseRecovery((r) => !r);
    setCode('');
    setFieldError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const typed = code.trim();
    const valid = useRecovery ? recoveryCodeOf(typed) !== null : totpCodeOf(typed) !== null;
    if (!valid) {
      setFieldError(typed === '' ? (useRecovery ? M.recoveryCodeRequired : M.codeRequired) : useRecovery ? M.signInCodeFormat : M.codeRequired);
      return;
    }
    setFieldError(null);
    try {
      onSignedIn(await send({ challenge, code: typed }).unwrap());
    } catch (error) {
      setFormError(codeErrorMessage(error));
      setCode('');
    }
  };

  return (
    <form noValidate aria-labelledby={headingId} aria-describedby={introId} onSubmit={(e) => void submit(e)} className="space-y-5">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-bone-50">
          <Trans>Two-factor sign-in</Trans>
        </h2>
        <p id={introId} className="mt-1 text-sm text-bone-300">
          {useRecovery
            ? t`Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once.`
            : t`Enter the 6-digit code your authenticator app shows for this account.`}
        </p>
      </div>
      {formError ? <FormAlert>{ct(formError)}</FormAlert> : null}
      {useRecovery ? (
        <TextField
          key="recovery"
          label={t`Recovery code`}
          name="recovery_code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="xxxx-xxxx-xxxx"
          autoFocus
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={fieldError === null ? undefined : ct(fieldError)}
        />
      ) : (
        <TextField
          key="totp"
          label={t`Authentication code`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          autoFocus
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={fieldError === null ? undefined : ct(fieldError)}
        />
      )}
      <Button type="submit" size="lg" className="w-full" disabled={isLoading}>
        {isLoading ? t`Verifying...` : t`Verify`}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <button type="button" onClick={switchKind} className="rounded font-medium text-blood-300 underline-offset-4 hover:underline">
          {useRecovery ? t`Use your authenticator app` : t`Use a recovery code`}
        </button>
        <button type="button" onClick={onBack} className="rounded font-medium text-bone-300 underline-offset-4 hover:underline">
          <Trans>Back to sign in</Trans>
        </button>
      </div>
    </form>
  );
}
