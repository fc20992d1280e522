// The fixed-height bar every header shares (desktop layout from the lg breakpoint).
import type { ReactNode } from 'react';
import { Logo } from './logo';

export const HEADER_HEIGHT_CLASS = 'h-16';

export function HeaderFrame({ nav, actions, mobile }: { nav: ReactNode; actions?: ReactNode; mobile?: ReactNode }) {
  return (
    <header className={`fixed inset-x-0 top-0 z-40 ${HEADER_HEIGHT_CLASS} border-b border-night-700/80 bg-night-950/85 backdrop-blur`}>
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <div className="flex items-center gap-2">
          <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
            {nav}
          </nav>
          {actions}
          {mobile}
        </div>
      </div>
    </header>
  );
}
