// The fixed-height bar every header shares (desktop layout from the lg breakpoint, or from xl for a
// menu too long to fit on one line at lg).
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Logo } from './logo';

export const HEADER_HEIGHT_CLASS = 'h-16';

/** Where the navigation unfolds from the phone menu into the bar. */
export type NavBreakpoint = 'lg' | 'xl';

/** The desktop navigation's classes per breakpoint (written out whole for Tailwind to find). */
// A menu longer than the bar (an owner's admin pages) scrolls sideways within it rather than past the window's edge.
const DESKTOP_NAV_CLASS: Record<NavBreakpoint, string> = {
  lg: 'hidden min-w-0 items-center gap-1 overflow-x-auto whitespace-nowrap lg:flex',
  xl: 'hidden min-w-0 items-center gap-1 overflow-x-auto whitespace-nowrap xl:flex',
};

export function HeaderFrame({
  nav,
  actions,
  mobile,
  breakpoint = 'lg',
}: {
  nav: ReactNode;
  actions?: ReactNode;
  mobile?: ReactNode;
  breakpoint?: NavBreakpoint;
}) {
  const { t } = useLingui();
  return (
    <header className={`fixed inset-x-0 top-0 z-40 ${HEADER_HEIGHT_CLASS} border-b border-night-700/80 bg-night-950/85 backdrop-blur`}>
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <div className="flex min-w-0 items-center gap-2">
          <nav aria-label={t`Main`} className={DESKTOP_NAV_CLASS[breakpoint]}>
            {nav}
          </nav>
          {actions}
          {mobile}
        </div>
      </div>
    </header>
  );
}
