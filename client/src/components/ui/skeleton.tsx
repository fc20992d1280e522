// Grey blocks in the shape of what is loading; one "Loading..." for screen readers.
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-night-700/80 ${className}`} />;
}

export function SkeletonGroup({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="sr-only">
        <Trans>Loading...</Trans>
      </span>
      {children}
    </div>
  );
}
