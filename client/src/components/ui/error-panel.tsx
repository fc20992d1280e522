// A failed load in place of the content: the message (announced) and one way forward.
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

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
