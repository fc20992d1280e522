// /verify-email?token=: loading, then success or failure.
import { CircleCheck, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ACCOUNT_MESSAGES as A } from '#contract/auth/messages';
import { buttonClass } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/spinner';
import { errorDetail } from '@/lib/api/api-error';
import { useVerifyEmailQuery } from '../api/verify-email';
import { AuthCard } from '@/components/layout/auth-card';
import { paths } from '@/lib/paths';

function Outcome({ ok, children }: { ok: boolean; children: ReactNode }) {
  const Icon = ok ? CircleCheck : CircleX;
  return (
    <div className="space-y-6 text-center">
      <Icon aria-hidden="true" className={`mx-auto size-14 ${ok ? 'text-emerald-400' : 'text-blood-400'}`} />
      <p role={ok ? 'status' : 'alert'} className="text-lg text-bone-50">
        {children}
      </p>
      <Link to={paths.login()} className={buttonClass(ok ? 'primary' : 'outline', 'lg', 'w-full')}>
        {ok ? 'Continue to Sign In' : 'Back to Login'}
      </Link>
    </div>
  );
}

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { isSuccess, isError, error } = useVerifyEmailQuery(token, { skip: !token });

  let body: ReactNode;
  if (!token) body = <Outcome ok={false}>{A.invalidVerificationLink}</Outcome>;
  else if (isSuccess) body = <Outcome ok>{A.verifySuccess}</Outcome>;
  else if (isError) body = <Outcome ok={false}>{errorDetail(error) ?? A.verifyFailedPage}</Outcome>;
  else body = <Spinner label="Verifying your email..." className="flex justify-center py-6" />;

  return <AuthCard title="Email verification">{body}</AuthCard>;
}
