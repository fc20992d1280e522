// POST /admin/vote-review/void {entry_id, from, to, network?, reason} → how many free votes were
// removed and the entry's counts now. The review list refetches; live screens follow by socket.
import type { AnswerOf, BodyIn } from '#contract/api/endpoint';
import { votesEndpoints } from '#contract/votes/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const voidVotes = votesEndpoints.voidVotes;

const voidVotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    voidVotes: build.mutation<AnswerOf<typeof voidVotes>, BodyIn<typeof voidVotes>>({
      query: (body) => request(voidVotes, { body }),
      invalidatesTags: ['VoteReview', 'VoteHistory', 'Leaderboard', 'Contestant', 'GroupContestants'],
    }),
  }),
});

export const { useVoidVotesMutation } = voidVotesApi;
