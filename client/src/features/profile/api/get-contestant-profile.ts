// GET /contestants/{username}/ → the contestant profile; 404 {detail: 'Profile not
// found'}. The count, position and elimination follow pushes for the contestant and their group.
import type { ContestantProfile } from '#contract/api-types';
import type { VotesChangedEvent } from '#contract/events';
import { api } from '@/lib/api/api';
import { keepPushedVotes, listenWhileCached, sameName } from '@/lib/realtime/live-cache';

/** Counts only grow: a push older than what is shown changes nothing. */
function applyVotes(profile: ContestantProfile, event: VotesChangedEvent): void {
  if (!sameName(profile.user?.username, event.username)) return;
  profile.total_votes = Math.max(profile.total_votes, event.total_votes);
  const entry = profile.active_contest_entry;
  if (entry && event.entry_id === entry.id) entry.current_contest_votes = Math.max(entry.current_contest_votes, event.current_contest_votes);
}

export const contestantProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContestantProfile: build.query<ContestantProfile, string>({
      query: (username) => `/contestants/${encodeURIComponent(username)}/`,
      providesTags: (_result, _error, username) => [{ type: 'Contestant', id: username.toLowerCase() }],
      async onQueryStarted(username, lifecycle) {
        await keepPushedVotes(lifecycle, username, (event) =>
          lifecycle.dispatch(contestantProfileApi.util.updateQueryData('getContestantProfile', username, (p) => applyVotes(p, event))),
        );
      },
      async onCacheEntryAdded(username, lifecycle) {
        const update = lifecycle.updateCachedData;
        await listenWhileCached(lifecycle, {
          votes: (event) => update((p) => applyVotes(p, event)),
          standings: (event) =>
            update((p) => {
              if (p.active_contest_entry?.group_id !== event.group_id) return;
              const mine = event.standings.find((s) => s.entry_id === p.active_contest_entry?.id || sameName(s.username, username));
              if (!mine) return;
              p.current_position_in_group = mine.rank;
              if (p.active_contest_entry) p.active_contest_entry.current_contest_votes = mine.current_contest_votes;
              if (mine.is_eliminated) p.is_eliminated = true;
            }),
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
