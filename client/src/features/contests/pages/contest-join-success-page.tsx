// /contest-join-success: "You're In!" naming the contest and the group (read from the server, so a reload
// keeps it), three info cards, links to the dashboard and basics.
import { PartyPopper, Share2, Trophy, Users } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button-styles';
import { selectUser } from '@/lib/auth/auth-slice';
import { paths } from '@/lib/paths';
import { useAppSelector } from '@/lib/store/hooks';
import { useGetContestStatusQuery } from '../api/get-contest-status';

const CARDS: { icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>; title: string; text: string }[] = [
  { icon: Users, title: 'Your Group', text: 'You have been placed in a group with other contestants. Your standing is decided by the votes you collect.' },
  { icon: Share2, title: 'Collect Votes', text: 'Share your profile link with friends and fans. Every vote moves you up the leaderboard.' },
  { icon: Trophy, title: 'Stay in the Game', text: 'Complete your profile so voters get to know you, and keep an eye on the leaderboard as the rounds go on.' },
];

export function ContestJoinSuccessPage() {
  const username = useAppSelector(selectUser)?.username ?? '';
  const { data } = useGetContestStatusQuery(username, { refetchOnMountOrArgChange: true });
  const placed = data?.is_in_contest && data.contest_name && data.group_number !== null ? data : null;
  // Until the status answers (or if it cannot): the join's own answer, which names both too.
  const answered = (useLocation().state as { message?: unknown } | null)?.message;
  return (
    <section className="grain flex-1 px-4 py-14 sm:px-6">
      <div className="mx-auto max-w-5xl text-center">
        <PartyPopper aria-hidden="true" className="mx-auto size-14 text-blood-400" />
        <h1 className="mt-4 font-display text-4xl font-bold tracking-tight text-bone-50 sm:text-5xl">You're In!</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-bone-200" aria-live="polite">
          {placed ? (
            <>
              You have joined <strong className="text-bone-50">{placed.contest_name}</strong> in{' '}
              <strong className="text-bone-50">Group {placed.group_number}</strong>.
            </>
          ) : typeof answered === 'string' ? (
            answered
          ) : (
            'You have joined the contest.'
          )}{' '}
          The spotlight is yours: now it is time to gather your fans.
        </p>
        <ul className="mt-10 grid gap-6 text-left md:grid-cols-3">
          {CARDS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-night-700 bg-night-900/90 p-6 shadow-xl">
              <Icon aria-hidden className="size-8 text-blood-400" />
              <h2 className="mt-4 text-lg font-bold text-bone-50">{title}</h2>
              <p className="mt-2 text-sm text-bone-200">{text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={paths.dashboard()} className={buttonClass('primary', 'lg')}>
            Go to Dashboard
          </Link>
          <Link to={paths.profileBasics()} className={buttonClass('outline', 'lg')}>
            Complete Your Profile
          </Link>
        </div>
      </div>
    </section>
  );
}
