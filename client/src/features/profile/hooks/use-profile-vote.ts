// The free vote on a contestant's public profile and on their framed vote card: the +1 goes on the
// count on screen at once (the profile's total and its current contest's votes), taken back if the vote fails.
import type { ContestantProfile } from '#contract/profiles/answers';
import { useFreeVote } from '@/lib/votes/use-free-vote';
import { useAppDispatch } from '@/lib/store/hooks';
import { contestantProfileApi } from '../api/get-contestant-profile';

export function useProfileVote({ username, check, viewer, reload }: { username: string; check: boolean; viewer?: string; reload: () => void }) {
  const dispatch = useAppDispatch();
  const patch = (recipe: (p: ContestantProfile) => void) => dispatch(contestantProfileApi.util.updateQueryData('getContestantProfile', username, recipe));

  const optimistic = () => {
    let shown: number | null = null;
    patch((p) => {
      p.total_votes += 1;
      if (p.active_contest_entry) p.active_contest_entry.current_contest_votes += 1;
      shown = p.total_votes;
    });
    // Take the +1 back only if nothing newer (a push) has replaced the count since.
    return () =>
      patch((p) => {
        if (shown === null || p.total_votes !== shown) return;
        p.total_votes -= 1;
        if (p.active_contest_entry) p.active_contest_entry.current_contest_votes -= 1;
      });
  };

  return useFreeVote({ username, check, viewer, optimistic, onCounted: reload });
}
