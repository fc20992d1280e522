// /reset-password?token=: form, then a success screen.
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ACCOUNT_MESSAGES as A } from '#contract/auth/messages';
import { FormAlert } from '@/components/form/form-alert';
import { buttonClass } from '@/components/ui/button-styles';
import { AuthCard } from '@/components/layout/auth-card';
import { useContractText } from '@/lib/i18n/contract-text';
import { paths } from '@/lib/paths';
import { ResetPasswordForm } from '../components/reset-password-form';
import { TextLink } from '../components/text-link';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [done, setDone] = useState(false);
  const { t } = useLingui();
  const ct = useContractText();

  if (done) {
    return (
      <AuthCard title={t`Password reset`}>
        <div className="space-y-6 text-center text-bone-200">
          <CircleCheck aria-hidden="true" className="mx-auto size-14 text-emerald-400" />
          <p role="status">{ct(A.passwordResetDone)}</p>
          <Link to={paths.login()} className={buttonClass('primary', 'lg', 'w-full')}>
            <Trans>Sign In</Trans>
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t`Reset your password`}
      subtitle={t`Choose a new password for your account.`}
      footer={
        <TextLink to={paths.login()}>
          <Trans>Back to Login</Trans>
        </TextLink>
      }
    >
      {token ? (
        <ResetPasswordForm token={token} onDone={() => setDone(true)} />
      ) : (
        <div className="space-y-5">
          <FormAlert>{ct(A.tokenInvalid)}</FormAlert>
          <TextLink to={paths.forgotPassword()}>
            <Trans>Request a new reset link</Trans>
          </TextLink>
        </div>
      )}
    </AuthCard>
  );
}
