// Pages whose content arrives in later issues show a short notice inside the right layout.
import { Clapperboard } from 'lucide-react';
import type { ReactNode } from 'react';

export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="grain flex flex-1 items-center justify-center px-4 py-20">
      <div className="max-w-lg rounded-xl border border-night-700 bg-night-900/80 p-8 text-center shadow-2xl">
        <Clapperboard aria-hidden="true" className="mx-auto size-10 text-blood-500" />
        <h1 className="mt-4 font-display text-4xl font-bold tracking-tight text-bone-50">{title}</h1>
        <p className="mt-3 text-bone-200">{children ?? 'This scene is still being shot. Check back soon.'}</p>
      </div>
    </section>
  );
}
