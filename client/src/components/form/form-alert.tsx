import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';

/** A general message above or below a form, announced to screen readers. */
export function FormAlert({ tone = 'error', children }: { tone?: 'error' | 'success'; children: ReactNode }) {
  const Icon = tone === 'error' ? CircleAlert : CircleCheck;
  const colors = tone === 'error' ? 'border-blood-500/60 bg-blood-900/40 text-blood-300' : 'border-emerald-500/50 bg-emerald-950/50 text-emerald-200';
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`flex items-start gap-2 rounded-md border px-3 py-2 text-sm ${colors}`}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>{children}</p>
    </div>
  );
}
