// The RTK Query API every feature extends with `api.injectEndpoints` (one file per endpoint).
import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import type { CombinedState, EndpointDefinitions } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

/** What a server render hands over: its store's `api` state (the queries answered while it rendered). */
export type ApiCache = CombinedState<EndpointDefinitions, string, 'api'>;

/** The API cache of a server-rendered page, given to the browser's store before the page hydrates. */
export const apiHydrated = createAction<ApiCache>('api/hydrated');

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  extractRehydrationInfo: (action) => (apiHydrated.match(action) ? action.payload : undefined),
  tagTypes: [
    'Me',
    'LinkedAccounts',
    'Site',
    'ActiveContests',
    'ContestStatus',
    'Contest',
    'Group',
    'GroupContestants',
    'Contestant',
    'Leaderboard',
    'Countdown',
    'ProfileViews',
    'VoteCheck',
    'SocialLinks',
    'SupportMessages',
    'VoteReview',
    'VoteHistory',
    'MailPreferences',
    'AdminJobs',
    'TwoFactor',
    'Staff',
    'SiteSettings',
    'VotePackages',
    'ProfileQuestions',
    'Webhooks',
    'WebhookDeliveries',
  ],
  endpoints: () => ({}),
});

/** What pages show live: refetched after a socket reconnect, since pushes sent meanwhile are lost. */
export const LIVE_TAGS = ['Contestant', 'Me', 'Leaderboard', 'GroupContestants', 'Countdown'] as const;

type LiveTag = (typeof LIVE_TAGS)[number];

/** What the events of these rooms keep fresh, to refetch once they are joined. */
export function liveTagsOfRooms(rooms: readonly string[]): LiveTag[] {
  const tags = new Set<LiveTag>();
  for (const room of rooms) {
    const kind = room.split(':')[0];
    const covered: LiveTag[] =
      kind === 'contestant' ? ['Contestant', 'Me'] : kind === 'group' ? ['Leaderboard', 'GroupContestants'] : ['Countdown', 'Leaderboard', 'GroupContestants'];
    covered.forEach((t) => tags.add(t));
  }
  return [...tags];
}

/**
 * Starts the browser's cache from a server render's (main.tsx): each answered query becomes an entry of
 * its own, so its cache lifecycle starts as after a fetch (the live pushes that patch it listen from
 * there); failed queries are taken as they were.
 */
export function primeApiCache(dispatch: (action: UnknownAction) => unknown, cache: ApiCache): void {
  const queries = Object.values(cache.queries);
  const answered = queries.flatMap((q) =>
    q?.status === 'fulfilled' && q.data !== undefined ? [{ endpointName: q.endpointName, arg: q.originalArgs, value: q.data }] : [],
  );
  // The endpoints are injected by the features, so the base API's types know none of their names.
  dispatch(api.util.upsertQueryEntries(answered as never));
  const failed = Object.fromEntries(Object.entries(cache.queries).filter(([, q]) => q?.status === 'rejected'));
  dispatch(apiHydrated({ ...cache, queries: failed }));
}
