// A failed load in place of the content: the message (announced) and one way forward.
import { Trans } from '@lingui/react/macro';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';

export function ErrorPanel({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-blood-500/50 bg-blood-900/30 p-6 text-center">
      <CircleAlert aria-hidden="true" className="mx-auto size-10 text-blood-400" />
      <p role="alert" className="mt-3 text-bone-50">
        {message}
      </p>
      {children ? <div className="mt-5 flex flex-wrap justify-center gap-3">{children}</div> : null}
    </div>
  );
}

/** A failed load inside a small card: the message (announced) above one "Try Again". */
export function CardLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="mt-4 space-y-3">
      <p role="alert" className="text-sm text-blood-300">
        {message}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <Trans>Try Again</Trans>
      </Button>
    </div>
  );
}
