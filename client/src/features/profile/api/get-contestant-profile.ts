// GET /contestants/{username} → the contestant profile; 404 {detail: 'Profile not
// found'}. The count, position and elimination follow the tallies of the contestant's group.
import type { AnswerOf } from '#contract/api/endpoint';
import type { ContestantProfile } from '#contract/profiles/answers';
import { profilesEndpoints } from '#contract/profiles/endpoints';
import type { TallyEntry } from '#contract/live/events';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';
import { entryOf, keepPushedVotes, listenWhileCached, sameName } from '@/lib/realtime/live-cache';

/**
 * A tally's entry of this contestant. `rising`: after a refetch, only counts higher than the read's
 * (the read may be newer); live, the tally's absolute values (a void lowers them).
 */
function applyEntry(profile: ContestantProfile, e: TallyEntry, rising: boolean): void {
  if (!sameName(profile.user?.username, e.username)) return;
  const entry = profile.active_contest_entry;
  if (rising && entry?.id === e.entry_id && e.votes <= entry.current_contest_votes) return;
  profile.total_votes = rising ? Math.max(profile.total_votes, e.total) : e.total;
  if (entry?.id !== e.entry_id) return;
  // The tally's paid votes are this entry's: the profile's (every contest's) move by as much, so a
  // purchase credited after the page read the profile shows as paid, not free.
  profile.paid_votes = Math.max(0, profile.paid_votes + e.paid - entry.paid_votes);
  profile.free_votes = Math.max(0, profile.total_votes - profile.paid_votes);
  entry.paid_votes = e.paid;
  entry.current_contest_votes = e.votes;
  profile.current_position_in_group = e.rank;
  if (e.eliminated) {
    profile.is_eliminated = true;
    entry.is_eliminated = true;
  }
}

const profile = profilesEndpoints.contestantProfile;

export const contestantProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContestantProfile: build.query<AnswerOf<typeof profile>, string>({
      query: (username) => request(profile, { path: { username } }),
      providesTags: (_result, _error, username) => [{ type: 'Contestant', id: username.toLowerCase() }],
      async onQueryStarted(username, lifecycle) {
        await keepPushedVotes(lifecycle, username, (entry) =>
          lifecycle.dispatch(contestantProfileApi.util.updateQueryData('getContestantProfile', username, (p) => applyEntry(p, entry, true))),
        );
      },
      async onCacheEntryAdded(username, lifecycle) {
        const update = lifecycle.updateCachedData;
        await listenWhileCached(lifecycle, {
          tally: (event) => {
            const mine = entryOf(event, username);
            if (mine) update((p) => applyEntry(p, mine, false));
          },
          eliminated: (event) =>
            update((p) => {
              if (!sameName(event.username, username) && p.active_contest_entry?.id !== event.entry_id) return;
              p.is_eliminated = true;
              if (p.active_contest_entry) p.active_contest_entry.is_eliminated = true;
            }),
        });
      },
    }),
  }),
});

export const {
  useGetContestantProfileQuery,
  endpoints: { getContestantProfile },
} = contestantProfileApi;
