// Features: 'Why Enter {product}?' and three cards that fade up 100 ms apart.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Clapperboard, Sparkles, Trophy, type LucideIcon } from 'lucide-react';
import type { CSSProperties } from 'react';
import { LANDING } from '#contract/site/constants';
import { useReveal } from '../hooks/use-reveal';
import { SectionHeading } from './section-heading';

const CARDS: { title: MessageDescriptor; text: MessageDescriptor; Icon: LucideIcon }[] = [
  {
    title: msg`Perform in Real Horror Films`,
    text: msg`Winners land speaking roles in professionally produced horror films: real sets, real crews, real screams.`,
    Icon: Clapperboard,
  },
  {
    title: msg`Win Killer Prizes`,
    text: msg`Cash payouts, red carpet premieres and demo reel clips await the performers who make the audience scream loudest.`,
    Icon: Trophy,
  },
  {
    title: msg`Jumpstart Your Horror Career`,
    text: msg`Earn fan votes and judges’ feedback, and get discovered by the industry professionals casting their next scream star.`,
    Icon: Sparkles,
  },
];

export function FeaturesSection({ productName }: { productName: string }) {
  const [gridRef, visible] = useReveal<HTMLUListElement>();
  const { t, i18n } = useLingui();
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-16 bg-night-950 px-4 py-20 sm:px-6 lg:py-28">
      <SectionHeading id="features-title" eyebrow={t`The prize is real`}>
        {t`Why Enter ${productName}?`}
      </SectionHeading>
      <ul ref={gridRef} className="mx-auto mt-14 grid max-w-6xl gap-6 md:grid-cols-3">
        {CARDS.map(({ title, text, Icon }, index) => (
          <li
            key={title.id}
            data-visible={visible}
            className="reveal group rounded-xl border border-night-700 bg-linear-to-b from-night-800 to-night-900 p-7 shadow-xl transition-colors hover:border-blood-600"
            style={{ '--reveal-ms': `${LANDING.revealMs}ms`, '--reveal-delay': `${index * LANDING.cardStaggerMs}ms` } as CSSProperties}
          >
            <span className="flex size-12 items-center justify-center rounded-lg bg-blood-900/70 text-blood-400 ring-1 ring-blood-700">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <h3 className="mt-5 text-xl font-bold text-bone-50">{i18n._(title)}</h3>
            <p className="mt-3 leading-relaxed text-bone-200">{i18n._(text)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
