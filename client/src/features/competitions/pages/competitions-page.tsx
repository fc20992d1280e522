// /competitions: hero, the current challenge (the real current
// contest when there is one), how it works, coming soon, past winners and success stories.
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { CompletedContest } from '#contract/contests/answers';
import { TestimonialsSection } from '@/components/testimonials/testimonials-section';
import { buttonClass } from '@/components/ui/button-styles';
import { useProductName } from '@/lib/api/site';
import { paths } from '@/lib/paths';
import { useGetCompletedContestsQuery } from '../api/get-completed-contests';
import { currentOf, useGetOpenContestsQuery } from '../api/get-open-contests';
import { CompletedTile } from '../components/completed-tile';
import { CompetitionTile } from '../components/competition-tile';
import { CurrentChallenge } from '../components/current-challenge';
import { SectionTitle } from '../components/section-title';
import { competitionsWith, type CompetitionCard } from '../content/competitions';

const STEPS = [
  { title: msg`Register for Free`, text: msg`Create your account, pick one category for the contest and upload your best photos.` },
  { title: msg`Join a Group`, text: msg`You are placed in a group of 30 (Groups A to E) and your profile link goes live.` },
  { title: msg`Rally Your Fans`, text: msg`Fans vote free once every 24 hours; the live leaderboard shows every vote as it lands.` },
  { title: msg`Survive the Acts`, text: msg`Up to three acts, with eliminations along the way, until up to 5 winners take the stage.` },
] as const;

export function CompetitionsPage() {
  const productName = useProductName();
  const { t, i18n } = useLingui();
  const { data: contests } = useGetOpenContestsQuery();
  const { data: completed } = useGetCompletedContestsQuery();
  const contest = currentOf(contests);
  const [activeSample] = competitionsWith('Active');
  const upcoming = competitionsWith('Upcoming');
  const past = competitionsWith('Past');

  return (
    <>
      <section aria-labelledby="competitions-title" className="grain border-b border-night-800 px-4 py-20 text-center sm:px-6 lg:py-28">
        <p className="text-sm font-semibold uppercase tracking-[0.3em] text-blood-400">
          <Trans>{productName} Competitions</Trans>
        </p>
        <h1
          id="competitions-title"
          className="mx-auto mt-4 max-w-4xl text-balance font-display text-4xl font-bold tracking-tight text-bone-50 text-glow sm:text-6xl"
        >
          <Trans>Every Month, a New Nightmare</Trans>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-pretty text-lg text-bone-200">
          <Trans>Themed horror challenges where fans decide who survives. Free to enter, open to U.S. residents, judged by the loudest audience online.</Trans>
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <Link to={paths.register()} className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}>
            <Trans>Enter Competition</Trans>
          </Link>
          <Link to={{ hash: 'current-challenge' }} className={buttonClass('outline', 'lg', 'w-full sm:w-auto')}>
            <Trans>See the Current Challenge</Trans>
          </Link>
        </div>
      </section>

      <section id="current-challenge" aria-labelledby="current-challenge-title" className="scroll-mt-20 px-4 py-16 sm:px-6 lg:py-24">
        <SectionTitle id="current-challenge-title" eyebrow={t`Playing now`}>
          <Trans>Current Challenge</Trans>
        </SectionTitle>
        <div className="mt-12">
          <CurrentChallenge contest={contest} sample={activeSample} />
        </div>
      </section>

      <section id="how-it-works" aria-labelledby="competitions-how-title" className="grain scroll-mt-20 border-y border-night-800 px-4 py-16 sm:px-6 lg:py-24">
        <SectionTitle id="competitions-how-title" eyebrow={t`From audition to premiere`}>
          <Trans>How It Works</Trans>
        </SectionTitle>
        <ol className="mx-auto mt-12 grid max-w-6xl gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => {
            const number = index + 1;
            return (
              <li key={step.title.id} className="rounded-xl border border-night-700 bg-night-900/80 p-6">
                <span aria-hidden="true" className="font-display text-3xl text-blood-400">
                  {index + 1}
                </span>
                <h3 className="mt-2 text-lg font-bold text-bone-50">
                  <span className="sr-only">{t`Step ${number}: `}</span>
                  {i18n._(step.title)}
                </h3>
                <p className="mt-2 text-sm leading-relaxed text-bone-200">{i18n._(step.text)}</p>
              </li>
            );
          })}
        </ol>
      </section>

      <TileSection id="coming-soon" eyebrow={t`Mark your calendar`} title={t`Coming Soon`} cards={upcoming} />
      <TileSection
        id="past-winners"
        eyebrow={t`Hall of screams`}
        title={t`Past Winners`}
        cards={past}
        completed={completed ?? []}
        className="border-t border-night-800"
      />

      <TestimonialsSection id="success-stories" title={t`Success Stories`} eyebrow={t`They survived the acts`} />
    </>
  );
}

/** A titled grid of sample competition cards (Coming Soon, Past Winners), after the real completed contests. */
function TileSection({
  id,
  eyebrow,
  title,
  cards,
  completed = [],
  className = '',
}: {
  id: string;
  eyebrow: string;
  title: string;
  cards: CompetitionCard[];
  completed?: CompletedContest[];
  className?: string;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`scroll-mt-20 px-4 py-16 sm:px-6 lg:py-24 ${className}`}>
      <SectionTitle id={`${id}-title`} eyebrow={eyebrow}>
        {title}
      </SectionTitle>
      <ul className="mx-auto mt-12 grid max-w-6xl gap-6 md:grid-cols-2">
        {completed.map((contest) => (
          <li key={`contest-${contest.id}`}>
            <CompletedTile contest={contest} />
          </li>
        ))}
        {cards.map((card) => (
          <li key={card.id}>
            <CompetitionTile card={card} />
          </li>
        ))}
      </ul>
    </section>
  );
}
