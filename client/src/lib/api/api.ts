// The RTK Query API every feature extends with `api.injectEndpoints` (one file per endpoint).
import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Me',
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
