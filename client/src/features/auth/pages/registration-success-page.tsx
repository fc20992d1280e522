// /registration-success: only with a stored registration e-mail.
import { Trans, useLingui } from '@lingui/react/macro';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { ACCOUNT_MESSAGES as A } from '#contract/auth/messages';
import { Button } from '@/components/ui/button';
import { errorDetail } from '@/lib/api/api-error';
import { asyncHandler } from '@/lib/async-handler';
import { useContractText } from '@/lib/i18n/contract-text';
import { registrationEmailStorage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { useRequestEmailVerificationMutation } from '../api/request-email-verification';
import { AuthCard } from '@/components/layout/auth-card';
import { paths } from '@/lib/paths';
import { TextLink } from '../components/text-link';

export function RegistrationSuccessPage() {
  const [email] = useState(() => registrationEmailStorage.get());
  const [resend, { isLoading }] = useRequestEmailVerificationMutation();
  const navigate = useNavigate();
  const { t } = useLingui();
  const ct = useContractText();
  if (!email) return <Navigate to={paths.register()} replace />;

  const onResend = async () => {
    const stored = registrationEmailStorage.get();
    if (!stored) {
      notify.error(ct(A.noRegistrationEmail));
      navigate(paths.register(), { replace: true });
      return;
    }
    try {
      await resend({ email: stored }).unwrap();
      notify.success(ct(A.resendSuccess));
    } catch (error) {
      notify.error(ct(errorDetail(error) ?? A.resendFailed));
    }
  };

  return (
    <AuthCard
      title={t`Check your email`}
      footer={
        <TextLink to={paths.login()}>
          <Trans>Back to Login</Trans>
        </TextLink>
      }
    >
      <div className="space-y-5 text-center text-bone-200">
        <MailCheck aria-hidden="true" className="mx-auto size-14 text-blood-400" />
        <p>
          <Trans>
            Your registration is complete. We sent a verification link to <strong className="break-all text-bone-50">{email}</strong>.
          </Trans>
        </p>
        <p>
          <Trans>Open that email and click the link to verify your account, then sign in. The link is valid for 24 hours.</Trans>
        </p>
        <p className="text-sm text-bone-400">
          <Trans>Didn't get it? Check your spam folder, or send it again.</Trans>
        </p>
        <Button variant="outline" onClick={asyncHandler(onResend)} disabled={isLoading} className="w-full">
          {isLoading ? t`Sending...` : t`Resend verification email`}
        </Button>
      </div>
    </AuthCard>
  );
}
