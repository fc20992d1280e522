// /competitions: hero, the current challenge (the real current
// contest when there is one), how it works, coming soon, past winners and success stories.
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
  { title: 'Register for Free', text: 'Create your account, pick one category for the contest and upload your best photos.' },
  { title: 'Join a Group', text: 'You are placed in a group of 30 (Groups A to E) and your profile link goes live.' },
  { title: 'Rally Your Fans', text: 'Fans vote free once every 24 hours; the live leaderboard shows every vote as it lands.' },
  { title: 'Survive the Acts', text: 'Up to three acts, with eliminations along the way, until up to 5 winners take the stage.' },
] as const;

export function CompetitionsPage() {
  const productName = useProductName();
  const { data: contests } = useGetOpenContestsQuery();
  const { data: completed } = useGetCompletedContestsQuery();
  const contest = currentOf(contests);
  const [activeSample] = competitionsWith('Active');
  const upcoming = competitionsWith('Upcoming');
  const past = competitionsWith('Past');

  return (
    <>
      <section aria-labelledby="competitions-title" className="grain border-b border-night-800 px-4 py-20 text-center sm:px-6 lg:py-28">
        <p className="text-sm font-semibold uppercase tracking-[0.3em] text-blood-400">{productName} Competitions</p>
        <h1
          id="competitions-title"
          className="mx-auto mt-4 max-w-4xl text-balance font-display text-4xl font-bold tracking-tight text-bone-50 text-glow sm:text-6xl"
        >
          Every Month, a New Nightmare
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-pretty text-lg text-bone-200">
          Themed horror challenges where fans decide who survives. Free to enter, open to U.S. residents, judged by the loudest audience online.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <Link to={paths.register()} className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}>
            Enter Competition
          </Link>
          <Link to={{ hash: 'current-challenge' }} className={buttonClass('outline', 'lg', 'w-full sm:w-auto')}>
            See the Current Challenge
          </Link>
        </div>
      </section>

      <section id="current-challenge" aria-labelledby="current-challenge-title" className="scroll-mt-20 px-4 py-16 sm:px-6 lg:py-24">
        <SectionTitle id="current-challenge-title" eyebrow="Playing now">
          Current Challenge
        </SectionTitle>
        <div className="mt-12">
          <CurrentChallenge contest={contest} sample={activeSample} />
        </div>
      </section>

      <section id="how-it-works" aria-labelledby="competitions-how-title" className="grain scroll-mt-20 border-y border-night-800 px-4 py-16 sm:px-6 lg:py-24">
        <SectionTitle id="competitions-how-title" eyebrow="From audition to premiere">
          How It Works
        </SectionTitle>
        <ol className="mx-auto mt-12 grid max-w-6xl gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-night-700 bg-night-900/80 p-6">
              <span aria-hidden="true" className="font-display text-3xl text-blood-400">
                {index + 1}
              </span>
              <h3 className="mt-2 text-lg font-bold text-bone-50">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-bone-200">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <TileSection id="coming-soon" eyebrow="Mark your calendar" title="Coming Soon" cards={upcoming} />
      <TileSection
        id="past-winners"
        eyebrow="Hall of screams"
        title="Past Winners"
        cards={past}
        completed={completed ?? []}
        className="border-t border-night-800"
      />

      <TestimonialsSection id="success-stories" title="Success Stories" eyebrow="They survived the acts" />
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
