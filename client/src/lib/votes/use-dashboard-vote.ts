// The dashboard votes for the user's own profile: the +1 goes on the contest votes card
// at once. The vote check is asked here too, so a contestant who voted sees when the next vote is
// allowed, and one not in the current contest is told why no vote is taken rather than offered one.
import type { CurrentUser } from '#contract/auth/answers';
import { useFreeVote } from './use-free-vote';
import { currentUserApi } from '@/lib/api/current-user';
import { useAppDispatch } from '@/lib/store/hooks';

export function useDashboardVote(username: string, reload: () => void) {
  const dispatch = useAppDispatch();
  const patch = (recipe: (me: CurrentUser) => void) => dispatch(currentUserApi.util.updateQueryData('getCurrentUser', username, recipe));

  const optimistic = () => {
    let shown: number | null = null;
    let shownTotal: number | null = null;
    patch((me) => {
      const entry = me.contest_entries?.[0];
      if (entry) shown = entry.current_contest_votes += 1;
      if (me.contestant_profile) shownTotal = me.contestant_profile.total_votes = (me.contestant_profile.total_votes ?? 0) + 1;
    });
    // Taken back only where no push has replaced the count since.
    return () =>
      patch((me) => {
        const entry = me.contest_entries?.[0];
        if (entry && shown !== null && entry.current_contest_votes === shown) entry.current_contest_votes -= 1;
        const profile = me.contestant_profile;
        if (profile && shownTotal !== null && profile.total_votes === shownTotal) profile.total_votes -= 1;
      });
  };

  return useFreeVote({ username, check: true, viewer: username, optimistic, onCounted: reload });
}
