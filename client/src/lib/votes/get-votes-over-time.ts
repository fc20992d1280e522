// GET /contestants/{username}/votes-over-time?bucket=hour|day → the contestant's votes per bucket in
// the current contest. The current bucket follows the contestant's tallies: the difference from the
// previous tally entry is added locally, without a request. An entry with nothing to compare with
// (the first one seen since the read), or one with fewer free votes (a void), asks for the series
// again, at most once per VOTE_HISTORY_REFETCH_MS.
import type { AnswerOf } from '#contract/api/endpoint';
import type { VoteHistoryBucket } from '#contract/votes/constants';
import { votesEndpoints } from '#contract/votes/endpoints';
import type { TallyEntry } from '#contract/live/events';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';
import { entryOf, listenWhileCached } from '@/lib/realtime/live-cache';
import { addToCurrentBucket, votesAdded } from './votes-over-time-live';

/** The bucket a card shows first, which a profile drawn on the server comes with. */
export const FIRST_BUCKET: VoteHistoryBucket = 'day';

/** Longer than the server keeps a series (5 s), so the read again includes the push's votes. */
export const VOTE_HISTORY_REFETCH_MS = 6_000;

const overTime = votesEndpoints.getVotesOverTime;

export interface VotesOverTimeArg {
  username: string;
  bucket: VoteHistoryBucket;
}

export const votesOverTimeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getVotesOverTime: build.query<AnswerOf<typeof overTime>, VotesOverTimeArg>({
      query: ({ username, bucket }) => request(overTime, { path: { username }, query: { bucket } }),
      // 'Contestant': read again once the contestant's room is joined or the socket reconnects, like the profile.
      providesTags: (_result, _error, { username }) => [
        { type: 'Contestant', id: username.toLowerCase() },
        { type: 'VoteHistory', id: username.toLowerCase() },
      ],
      async onCacheEntryAdded({ username }, lifecycle) {
        let refetch: ReturnType<typeof setTimeout> | undefined;
        await listenWhileCached(lifecycle, (realtime) => {
          // What the series was read after: the latest tally entry before it, if any.
          let previous: TallyEntry | undefined = realtime.latestVotesFor(username);
          return {
            tally: (event) => {
              const entry = entryOf(event, username);
              // A tally that names the contestant without new votes (a rank moved) adds nothing.
              if (!entry || (previous && entry.votes === previous.votes && entry.paid === previous.paid && entry.entry_id === previous.entry_id)) return;
              const added = votesAdded(previous, entry);
              previous = entry;
              // Fewer free votes than before means review voided some, which the chart shows where they
              // were cast, not now: read the series again instead.
              if (added && added.free >= 0) {
                if (added.free || added.paid) lifecycle.updateCachedData((series) => addToCurrentBucket(series, added, Date.now()));
              } else if (!refetch) {
                refetch = setTimeout(() => {
                  refetch = undefined;
                  lifecycle.dispatch(api.util.invalidateTags([{ type: 'VoteHistory', id: username.toLowerCase() }]));
                }, VOTE_HISTORY_REFETCH_MS);
              }
            },
          };
        });
        clearTimeout(refetch);
      },
    }),
  }),
});

export const { useGetVotesOverTimeQuery } = votesOverTimeApi;
export const getVotesOverTime = votesOverTimeApi.endpoints.getVotesOverTime;
