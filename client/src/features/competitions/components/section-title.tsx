import type { ReactNode } from 'react';

export function SectionTitle({ id, eyebrow, children }: { id: string; eyebrow?: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl text-center">
      {eyebrow ? <p className="text-sm font-semibold uppercase tracking-[0.3em] text-blood-400">{eyebrow}</p> : null}
      <h2 id={id} className="mt-3 font-display text-3xl font-bold tracking-tight text-bone-50 sm:text-5xl">
        {children}
      </h2>
      <div aria-hidden="true" className="mx-auto mt-5 h-1 w-24 rounded-full bg-blood-600" />
    </div>
  );
}
