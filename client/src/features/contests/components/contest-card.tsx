// One joinable contest: name, description, dates, group size (the capacity every screen uses), actions:
// the contest the user is in says so; the others say why they cannot be joined now.
import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarDays, Flag, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { Contest } from '#contract/contests/answers';
import { JOIN_MESSAGES } from '#contract/contests/messages';
import { carryVotesText } from '#contract/contests/round-rules';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-styles';
import { formatZonedDateTime } from '@/lib/dates';
import { useContractText } from '@/lib/i18n/contract-text';
import { paths } from '@/lib/paths';

interface Props {
  contest: Contest;
  /** The contest (not ended) the user is in, when they are in one. */
  joined?: { contest_id: number; contest_name: string } | null;
  /** While the in-contest status is still loading the button waits. */
  checking?: boolean;
  onJoin: (contest: Contest) => void;
}

export function ContestCard({ contest, joined = null, checking = false, onJoin }: Props) {
  const titleId = `contest-${contest.id}-title`;
  // A newcomer after a cut would skip the rounds the others survived: the server refuses, the card says so.
  const pastFirstCut = contest.rounds.some((r) => r.state === 'closed');
  const { t } = useLingui();
  const ct = useContractText();
  const contestName = contest.name;
  const joinedName = joined?.contest_name ?? '';
  const capacity = contest.group_capacity;
  return (
    <article aria-labelledby={titleId} className="flex flex-col rounded-xl border border-night-700 bg-night-900/90 p-6 shadow-xl">
      <h2 id={titleId} className="font-display text-2xl font-bold text-bone-50">
        {contest.name}
      </h2>
      <p className="mt-3 whitespace-pre-line text-bone-200">{contest.description}</p>
      <dl className="mt-5 space-y-3 text-sm">
        <div className="flex items-start gap-2">
          <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blood-400" />
          <dt className="sr-only">
            <Trans>Dates</Trans>
          </dt>
          <dd className="text-bone-200">
            {formatZonedDateTime(contest.start_date, contest.time_zone)} –{' '}
            {contest.end_date ? formatZonedDateTime(contest.end_date, contest.time_zone) : t`No end date`}
          </dd>
        </div>
        <div className="flex items-start gap-2">
          <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blood-400" />
          <dt className="text-bone-400">
            <Trans>Group size:</Trans>
          </dt>
          <dd className="text-bone-200">{t`${capacity} contestants per group`}</dd>
        </div>
        {contest.rounds.length ? (
          <div className="flex items-start gap-2">
            <Flag aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blood-400" />
            <dt className="text-bone-400">
              <Trans>Rounds:</Trans>
            </dt>
            <dd className="text-bone-200">
              {contest.rounds
                .map((r) => {
                  const name = r.name;
                  const end = formatZonedDateTime(r.ends_at, contest.time_zone);
                  return t`${name} (until ${end})`;
                })
                .join(', ')}
              {contest.rounds.length >= 2 ? <span className="block text-bone-400">{ct(carryVotesText(contest.carry_votes))}</span> : null}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-auto flex flex-col gap-3 pt-6 sm:flex-row">
        {joined && joined.contest_id !== contest.id ? (
          <div className="flex-1">
            <Button disabled className="w-full" aria-describedby={`${titleId}-elsewhere`}>
              <Trans>One Contest at a Time</Trans>
            </Button>
            <p id={`${titleId}-elsewhere`} className="mt-2 text-sm text-bone-400">
              <Trans>You are competing in {joinedName}: you can join another contest once it has ended.</Trans>
            </p>
          </div>
        ) : joined ? (
          <>
            <Button disabled className="flex-1">
              <Trans>Already In Contest</Trans>
            </Button>
            <Link to={paths.leaderboard()} className={buttonClass('outline', 'md', 'flex-1')}>
              <Trans>View Leaderboard</Trans>
            </Link>
          </>
        ) : pastFirstCut ? (
          <div className="flex-1">
            <Button disabled className="w-full" aria-describedby={`${titleId}-closed`}>
              <Trans>Joining Closed</Trans>
            </Button>
            <p id={`${titleId}-closed`} className="mt-2 text-sm text-bone-400">
              {ct(JOIN_MESSAGES.pastFirstCut)}
            </p>
          </div>
        ) : (
          <Button className="flex-1" disabled={checking} onClick={() => onJoin(contest)} aria-label={t`Join Contest: ${contestName}`}>
            <Trans>Join Contest</Trans>
          </Button>
        )}
      </div>
    </article>
  );
}
