// POST /admin/vote-review/void {entry_id, from, to, network?, reason} → how many free votes were
// removed and the entry's counts now. The review list refetches; live screens follow by socket.
import type { VoidVotesInput } from '#contract/votes/requests';
import type { VoidVotesResult } from '#contract/votes/answers';
import { api } from '@/lib/api/api';

const voidVotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    voidVotes: build.mutation<VoidVotesResult, VoidVotesInput>({
      query: (body) => ({ url: '/admin/vote-review/void', method: 'POST', body }),
      invalidatesTags: ['VoteReview', 'VoteHistory', 'Leaderboard', 'Contestant', 'GroupContestants'],
    }),
  }),
});

export const { useVoidVotesMutation } = voidVotesApi;
