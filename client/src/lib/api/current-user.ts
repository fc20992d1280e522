// GET /users/me. Shared by the contestant header and the dashboard, whose stats follow
// the tallies of the user's own group and their elimination.
import type { AnswerOf } from '#contract/api/endpoint';
import type { CurrentUser } from '#contract/auth/answers';
import type { TallyEntry } from '#contract/live/events';
import { profilesEndpoints } from '#contract/profiles/endpoints';
import { entryOf, keepPushedVotes, listenWhileCached, sameName } from '../realtime/live-cache';
import { api } from './api';
import { request } from './request';

/**
 * Puts a tally's entry of the user on their profile and contest entry. `rising`: after a refetch,
 * only counts higher than the read's (the read may be newer); live, the tally's absolute values.
 */
function applyOwnEntry(me: CurrentUser, e: TallyEntry, rising: boolean): void {
  const profile = me.contestant_profile;
  if (!profile || !sameName(me.username, e.username)) return;
  const active = profile.active_contest_entry;
  if (rising && active?.id === e.entry_id && e.votes <= active.current_contest_votes) return;
  profile.total_votes = rising ? Math.max(profile.total_votes ?? 0, e.total) : e.total;
  for (const entry of me.contest_entries ?? []) if (entry.id === e.entry_id) entry.current_contest_votes = e.votes;
  if (active?.id !== e.entry_id) return;
  // The tally's paid votes are this entry's: the profile's (every contest's) move by as much.
  profile.paid_votes = Math.max(0, profile.paid_votes + e.paid - active.paid_votes);
  profile.free_votes = Math.max(0, profile.total_votes - profile.paid_votes);
  active.paid_votes = e.paid;
  active.current_contest_votes = e.votes;
  profile.current_position_in_group = e.rank;
  profile.is_eliminated = e.eliminated || profile.is_eliminated;
}

const me = profilesEndpoints.currentUser;

export const currentUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The argument is the signed-in username: it only keys the cache, so one account never sees
    // another's cached answer after a sign-out and sign-in in the same tab.
    getCurrentUser: build.query<AnswerOf<typeof me>, string>({
      query: () => request(me),
      providesTags: ['Me'],
      async onQueryStarted(username, lifecycle) {
        await keepPushedVotes(lifecycle, username, (entry) =>
          lifecycle.dispatch(currentUserApi.util.updateQueryData('getCurrentUser', username, (me) => applyOwnEntry(me, entry, true))),
        );
      },
      async onCacheEntryAdded(username, lifecycle) {
        const update = lifecycle.updateCachedData;
        await listenWhileCached(lifecycle, {
          tally: (event) => {
            const mine = entryOf(event, username);
            if (mine) update((me) => applyOwnEntry(me, mine, false));
          },
          eliminated: (event) =>
            update((me) => {
              if (!sameName(event.username, me.username ?? username)) return;
              for (const entry of me.contest_entries ?? []) if (entry.id === event.entry_id) entry.is_eliminated = true;
              const profile = me.contestant_profile;
              if (profile?.active_contest_entry?.id === event.entry_id) {
                profile.active_contest_entry.is_eliminated = true;
                profile.is_eliminated = true;
              }
            }),
        });
      },
    }),
  }),
});

export const { useGetCurrentUserQuery } = currentUserApi;
