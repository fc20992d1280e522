// A contestant's own place in the race, live: "12 votes to pass @maisie.thorn · 40 votes above the
// cut". Read from the group's leaderboard (kept current by the group's tallies) and, for a cut over
// the whole contest, every group's; the round is the current contest's running one.
import { Flag } from 'lucide-react';
import type { ContestRound } from '#contract/contests/answers';
import { useGetAllGroupsLeaderboardQuery } from '@/lib/leaderboard/get-all-groups-leaderboard';
import { useGetGroupLeaderboardQuery } from '@/lib/leaderboard/get-group-leaderboard';
import { allGroupItems } from '@/lib/leaderboard/leaderboard-items';
import { cutText, passText, raceOf } from '@/lib/leaderboard/race';

interface Props {
  username: string;
  groupId: number;
  /** The current contest's running round, if any (its cut, when it has one). */
  round: ContestRound | null;
  /** A fan's view of someone else's profile: only where they stand against the cut, not the votes to pass the next one. */
  cutOnly?: boolean;
  className?: string;
}

export function RaceLine({ username, groupId, round, cutOnly = false, className = '' }: Props) {
  const overall = round?.advance_total != null;
  const group = useGetGroupLeaderboardQuery(groupId).data;
  const all = useGetAllGroupsLeaderboardQuery(undefined, { skip: !overall }).data;
  if (!group) return null;
  const race = raceOf(username, group, overall ? allGroupItems(all) : group, round);
  const parts = race ? [cutOnly ? null : passText(race), cutText(race)].filter((p): p is string => p !== null) : [];
  if (!parts.length) return null;
  return (
    // Polite: a vote moving the numbers is announced without interrupting.
    <p role="status" aria-live="polite" className={`flex items-start gap-2 text-sm font-medium text-bone-100 ${className}`}>
      <Flag aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blood-400" />
      <span>
        {round && race?.cut !== null ? <span className="text-bone-400">{`${round.name}: `}</span> : null}
        {parts.join(' · ')}
      </span>
    </p>
  );
}
