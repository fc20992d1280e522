// /unsubscribe?token=: the link at the foot of every contestant e-mail. Opened in a browser it stops
// that kind of e-mail at once (no sign-in: the token is the key) and offers to undo it. The page drawn
// on the server changes nothing: only the browser's script posts, so a link checker that fetches the
// address does not unsubscribe anybody.
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck, CircleX, MailCheck } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MAIL_MESSAGES as M } from '#contract/mail/messages';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/spinner';
import { errorDetail } from '@/lib/api/api-error';
import { AuthCard } from '@/components/layout/auth-card';
import { useContractText } from '@/lib/i18n/contract-text';
import { paths } from '@/lib/paths';
import { useSetSubscriptionMutation } from '@/lib/api/mail-preferences';

function Outcome({ icon, role, children, action }: { icon: ReactNode; role: 'status' | 'alert'; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="space-y-6 text-center">
      {icon}
      <p role={role} className="text-lg text-bone-50">
        {children}
      </p>
      {action}
      <Link to={paths.dashboard()} className={buttonClass('outline', 'lg', 'w-full')}>
        <Trans>Choose your e-mails on the dashboard</Trans>
      </Link>
    </div>
  );
}

export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [setSubscription, { data, error, isLoading, originalArgs }] = useSetSubscriptionMutation();
  const started = useRef(false);
  const { t } = useLingui();
  const ct = useContractText();

  useEffect(() => {
    // Once per page, whatever re-renders (or React's development double effects) happen.
    if (!token || started.current) return;
    started.current = true;
    void setSubscription({ token, subscribed: false });
  }, [token, setSubscription]);

  let body: ReactNode;
  if (!token) {
    body = (
      <Outcome icon={<CircleX aria-hidden="true" className="mx-auto size-14 text-blood-400" />} role="alert">
        {ct(M.invalidLink)}
      </Outcome>
    );
  } else if (error && !isLoading) {
    body = (
      <Outcome icon={<CircleX aria-hidden="true" className="mx-auto size-14 text-blood-400" />} role="alert">
        {ct(errorDetail(error) ?? M.invalidLink)}
      </Outcome>
    );
  } else if (data && !isLoading) {
    const off = data.unsubscribed;
    body = (
      <Outcome
        icon={
          off ? (
            <CircleCheck aria-hidden="true" className="mx-auto size-14 text-emerald-400" />
          ) : (
            <MailCheck aria-hidden="true" className="mx-auto size-14 text-emerald-400" />
          )
        }
        role="status"
        action={
          <Button variant="primary" size="lg" className="w-full" onClick={() => void setSubscription({ token, subscribed: off })}>
            {off ? t`Undo: keep getting these e-mails` : t`Unsubscribe again`}
          </Button>
        }
      >
        {ct(data.detail)}
      </Outcome>
    );
  } else {
    body = <Spinner label={originalArgs?.subscribed ? t`Subscribing...` : t`Unsubscribing...`} className="flex justify-center py-6" />;
  }

  return <AuthCard title={t`E-mail preferences`}>{body}</AuthCard>;
}
