// /contest-join-success: "You're In!" naming the contest and the group (read from the server, so a reload
// keeps it), three info cards, links to the dashboard and basics.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PartyPopper, Share2, Trophy, Users } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button-styles';
import { selectUser } from '@/lib/auth/auth-slice';
import { useContractText } from '@/lib/i18n/contract-text';
import { paths } from '@/lib/paths';
import { useAppSelector } from '@/lib/store/hooks';
import { useGetContestStatusQuery } from '../api/get-contest-status';

const CARDS: { icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>; title: MessageDescriptor; text: MessageDescriptor }[] = [
  {
    icon: Users,
    title: msg`Your Group`,
    text: msg`You have been placed in a group with other contestants. Your standing is decided by the votes you collect.`,
  },
  { icon: Share2, title: msg`Collect Votes`, text: msg`Share your profile link with friends and fans. Every vote moves you up the leaderboard.` },
  {
    icon: Trophy,
    title: msg`Stay in the Game`,
    text: msg`Complete your profile so voters get to know you, and keep an eye on the leaderboard as the rounds go on.`,
  },
];

export function ContestJoinSuccessPage() {
  const username = useAppSelector(selectUser)?.username ?? '';
  const { data } = useGetContestStatusQuery(username, { refetchOnMountOrArgChange: true });
  const placed = data?.is_in_contest && data.contest_name && data.group_number !== null ? data : null;
  // Until the status answers (or if it cannot): the join's own answer, which names both too.
  const answered = (useLocation().state as { message?: unknown } | null)?.message;
  const { t, i18n } = useLingui();
  const ct = useContractText();
  const contestName = placed?.contest_name;
  const groupNumber = placed?.group_number;
  return (
    <section className="grain flex-1 px-4 py-14 sm:px-6">
      <div className="mx-auto max-w-5xl text-center">
        <PartyPopper aria-hidden="true" className="mx-auto size-14 text-blood-400" />
        <h1 className="mt-4 font-display text-4xl font-bold tracking-tight text-bone-50 sm:text-5xl">
          <Trans>You're In!</Trans>
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-bone-200" aria-live="polite">
          {placed ? (
            <Trans>
              You have joined <strong className="text-bone-50">{contestName}</strong> in <strong className="text-bone-50">Group {groupNumber}</strong>.
            </Trans>
          ) : typeof answered === 'string' ? (
            ct(answered)
          ) : (
            t`You have joined the contest.`
          )}{' '}
          <Trans>The spotlight is yours: now it is time to gather your fans.</Trans>
        </p>
        <ul className="mt-10 grid gap-6 text-left md:grid-cols-3">
          {CARDS.map(({ icon: Icon, title, text }) => (
            <li key={title.id} className="rounded-xl border border-night-700 bg-night-900/90 p-6 shadow-xl">
              <Icon aria-hidden className="size-8 text-blood-400" />
              <h2 className="mt-4 text-lg font-bold text-bone-50">{i18n._(title)}</h2>
              <p className="mt-2 text-sm text-bone-200">{i18n._(text)}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={paths.dashboard()} className={buttonClass('primary', 'lg')}>
            <Trans>Go to Dashboard</Trans>
          </Link>
          <Link to={paths.profileBasics()} className={buttonClass('outline', 'lg')}>
            <Trans>Complete Your Profile</Trans>
          </Link>
        </div>
      </div>
    </section>
  );
}
