// The three page frames: header, content below the fixed-height header, footer. The content area is
// at least one screen tall, so the footer starts below the fold and never moves while a page loads
// (a layout shift of ~0.4 on a phone otherwise).
import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, type ReactNode } from 'react';
import { Spinner } from '../ui/spinner';
import { useMarkHydrated } from '@/hooks/use-hydrated';
import { selectUser } from '@/lib/auth/auth-slice';
import { useAppSelector } from '@/lib/store/hooks';
import { AdminHeader } from './admin-header';
import { LiveStatus } from './live-status';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { UserMenu } from './user-menu';

/** Inside the page's Suspense boundary, which React hydrates after the frame around it. */
function PageHydrated() {
  useMarkHydrated();
  return null;
}

function Frame({ header, children }: { header: ReactNode; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only z-50 rounded-md bg-blood-600 px-4 py-2 text-bone-50 focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
        <Trans>Skip to content</Trans>
      </a>
      {header}
      <main id="main" tabIndex={-1} className="flex min-h-screen flex-1 flex-col pt-16 focus:outline-none">
        <Suspense fallback={<Spinner label={t`Loading...`} className="m-auto py-24" />}>
          {children}
          <PageHydrated />
        </Suspense>
      </main>
      <SiteFooter />
      <LiveStatus />
    </div>
  );
}

export function PublicShell({ children }: { children: ReactNode }) {
  return <Frame header={<SiteHeader />}>{children}</Frame>;
}

export function ContestantShell({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectUser);
  return <Frame header={<SiteHeader userMenu={user ? <UserMenu username={user.username} /> : null} />}>{children}</Frame>;
}

export function AdminShell({ children }: { children: ReactNode }) {
  return <Frame header={<AdminHeader />}>{children}</Frame>;
}
