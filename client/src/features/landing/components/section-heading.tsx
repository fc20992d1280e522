// A section title that rises into view when scrolled to (docs/product.md#timings).
import type { CSSProperties, ReactNode } from 'react';
import { LANDING } from '#contract/site/constants';
import { useReveal } from '../hooks/use-reveal';

export function SectionHeading({ id, eyebrow, children }: { id: string; eyebrow?: string; children: ReactNode }) {
  const [ref, visible] = useReveal<HTMLDivElement>();
  const style = { '--reveal-ms': `${LANDING.revealMs}ms` } as CSSProperties;
  return (
    <div ref={ref} data-visible={visible} className="reveal mx-auto max-w-3xl text-center" style={style}>
      {eyebrow ? <p className="text-sm font-semibold uppercase tracking-[0.3em] text-blood-400">{eyebrow}</p> : null}
      <h2 id={id} className="mt-3 font-display text-4xl font-bold tracking-tight text-bone-50 sm:text-5xl">
        {children}
      </h2>
      <div aria-hidden="true" className="mx-auto mt-5 h-1 w-24 rounded-full bg-blood-600" />
    </div>
  );
}
