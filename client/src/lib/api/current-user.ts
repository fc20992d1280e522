// GET /users/me. Shared by the contestant header and the dashboard, whose stats follow
// the user's own vote, standings and elimination pushes.
import type { CurrentUser } from '#contract/api-types';
import type { VotesChangedEvent } from '#contract/events';
import { keepPushedVotes, listenWhileCached, sameName } from '../realtime/live-cache';
import { api } from './api';

/** Puts pushed counts on the user's profile and contest entry; counts only grow. */
function applyOwnVotes(me: CurrentUser, event: VotesChangedEvent): void {
  const profile = me.contestant_profile;
  if (!profile || !sameName(me.username, event.username)) return;
  profile.total_votes = Math.max(profile.total_votes ?? 0, event.total_votes);
  if (event.entry_id === null) return;
  for (const entry of me.contest_entries ?? []) {
    if (entry.id === event.entry_id) entry.current_contest_votes = Math.max(entry.current_contest_votes, event.current_contest_votes);
  }
  const active = profile.active_contest_entry;
  if (active?.id === event.entry_id) active.current_contest_votes = Math.max(active.current_contest_votes, event.current_contest_votes);
}

export const currentUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The argument is the signed-in username: it only keys the cache, so one account never sees
    // another's cached answer after a sign-out and sign-in in the same tab.
    getCurrentUser: build.query<CurrentUser, string>({
      query: () => '/users/me',
      providesTags: ['Me'],
      async onQueryStarted(username, lifecycle) {
        await keepPushedVotes(lifecycle, username, (event) =>
          lifecycle.dispatch(currentUserApi.util.updateQueryData('getCurrentUser', username, (me) => applyOwnVotes(me, event))),
        );
      },
      async onCacheEntryAdded(username, lifecycle) {
        const update = lifecycle.updateCachedData;
        await listenWhileCached(lifecycle, {
          votes: (event) => update((me) => applyOwnVotes(me, event)),
          standings: (event) =>
            update((me) => {
              const mine = event.standings.find((s) => sameName(s.username, me.username ?? username));
              const profile = me.contestant_profile;
              if (!mine || !profile) return;
              profile.current_position_in_group = mine.rank;
              profile.is_eliminated = mine.is_eliminated || profile.is_eliminated;
              for (const entry of me.contest_entries ?? []) {
                if (entry.id === mine.entry_id) entry.current_contest_votes = mine.current_contest_votes;
              }
            }),
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
