// A centred page for 404s, permission notices and placeholders.
import type { ReactNode } from 'react';

export function MessagePage({ mark, title, children }: { mark?: string; title: ReactNode; children?: ReactNode }) {
  return (
    <section className="grain flex flex-1 items-center justify-center px-4 py-20">
      <div className="max-w-xl text-center">
        {mark ? (
          <p aria-hidden="true" className="font-display text-8xl tracking-widest text-blood-400 text-glow">
            {mark}
          </p>
        ) : null}
        <h1 className="mt-4 text-xl font-bold text-bone-50 sm:text-3xl">{title}</h1>
        <div className="mt-4 space-y-6 text-bone-200">{children}</div>
      </div>
    </section>
  );
}
