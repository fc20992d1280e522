// 'How It Works': the three steps of taking part, as the marketing explains them.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CSSProperties } from 'react';
import { LANDING } from '#contract/site/constants';
import { useReveal } from '../hooks/use-reveal';
import { SectionHeading } from './section-heading';

const STEPS = [
  { number: 1, title: msg`Register & Submit`, text: msg`Create your account, choose your category and submit your performance videos.` },
  { number: 2, title: msg`Get Votes & Feedback`, text: msg`Fans vote for their favourite performers while judges weigh in on every scene.` },
  { number: 3, title: msg`Win & Get Discovered`, text: msg`Top performers win prizes and get discovered by industry professionals.` },
] as const;

export function HowItWorksSection() {
  const [listRef, visible] = useReveal<HTMLOListElement>();
  const { t, i18n } = useLingui();
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="grain scroll-mt-16 border-y border-night-800 px-4 py-20 sm:px-6 lg:py-28">
      <SectionHeading id="how-it-works-title" eyebrow={t`Three steps to your debut`}>
        <Trans>How It Works</Trans>
      </SectionHeading>
      <ol ref={listRef} className="mx-auto mt-14 grid max-w-6xl gap-10 md:grid-cols-3">
        {STEPS.map(({ number, title, text }, index) => (
          <li
            key={title.id}
            data-visible={visible}
            className="reveal relative text-center"
            style={{ '--reveal-ms': `${LANDING.revealMs}ms`, '--reveal-delay': `${index * LANDING.cardStaggerMs}ms` } as CSSProperties}
          >
            <span
              aria-hidden="true"
              className="mx-auto flex size-16 items-center justify-center rounded-full border-2 border-blood-600 font-display text-3xl text-blood-400 shadow-[0_0_30px_rgb(225_29_42/0.35)]"
            >
              {number}
            </span>
            <h3 className="mt-5 text-xl font-bold text-bone-50">
              <span className="sr-only">{t`Step ${number}: `}</span>
              {i18n._(title)}
            </h3>
            <p className="mx-auto mt-3 max-w-xs leading-relaxed text-bone-200">{i18n._(text)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
