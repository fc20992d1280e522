// /reset-password?token=: form, then a success screen.
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ACCOUNT_MESSAGES as A } from '#contract/auth/messages';
import { FormAlert } from '@/components/form/form-alert';
import { buttonClass } from '@/components/ui/button-styles';
import { AuthCard } from '@/components/layout/auth-card';
import { paths } from '@/lib/paths';
import { ResetPasswordForm } from '../components/reset-password-form';
import { TextLink } from '../components/text-link';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <AuthCard title="Password reset">
        <div className="space-y-6 text-center text-bone-200">
          <CircleCheck aria-hidden="true" className="mx-auto size-14 text-emerald-400" />
          <p role="status">{A.passwordResetDone}</p>
          <Link to={paths.login()} className={buttonClass('primary', 'lg', 'w-full')}>
            Sign In
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset your password" subtitle="Choose a new password for your account." footer={<TextLink to={paths.login()}>Back to Login</TextLink>}>
      {token ? (
        <ResetPasswordForm token={token} onDone={() => setDone(true)} />
      ) : (
        <div className="space-y-5">
          <FormAlert>{A.tokenInvalid}</FormAlert>
          <TextLink to={paths.forgotPassword()}>Request a new reset link</TextLink>
        </div>
      )}
    </AuthCard>
  );
}
