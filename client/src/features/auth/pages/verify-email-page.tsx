// /verify-email?token=: loading, then success or failure.
import { useLingui } from '@lingui/react/macro';
import { CircleCheck, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ACCOUNT_MESSAGES as A } from '#contract/auth/messages';
import { buttonClass } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/spinner';
import { errorDetail } from '@/lib/api/api-error';
import { useContractText } from '@/lib/i18n/contract-text';
import { useVerifyEmailQuery } from '../api/verify-email';
import { AuthCard } from '@/components/layout/auth-card';
import { paths } from '@/lib/paths';

function Outcome({ ok, children }: { ok: boolean; children: ReactNode }) {
  const Icon = ok ? CircleCheck : CircleX;
  const { t } = useLingui();
  return (
    <div className="space-y-6 text-center">
      <Icon aria-hidden="true" className={`mx-auto size-14 ${ok ? 'text-emerald-400' : 'text-blood-400'}`} />
      <p role={ok ? 'status' : 'alert'} className="text-lg text-bone-50">
        {children}
      </p>
      <Link to={paths.login()} className={buttonClass(ok ? 'primary' : 'outline', 'lg', 'w-full')}>
        {ok ? t`Continue to Sign In` : t`Back to Login`}
      </Link>
    </div>
  );
}

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { isSuccess, isError, error } = useVerifyEmailQuery(token, { skip: !token });
  const { t } = useLingui();
  const ct = useContractText();

  let body: ReactNode;
  if (!token) body = <Outcome ok={false}>{ct(A.invalidVerificationLink)}</Outcome>;
  else if (isSuccess) body = <Outcome ok>{ct(A.verifySuccess)}</Outcome>;
  else if (isError) body = <Outcome ok={false}>{ct(errorDetail(error) ?? A.verifyFailedPage)}</Outcome>;
  else body = <Spinner label={t`Verifying your email...`} className="flex justify-center py-6" />;

  return <AuthCard title={t`Email verification`}>{body}</AuthCard>;
}
