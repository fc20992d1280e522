// GET /contestants/{username}/vote-check/ → {hasVoted}. Asked for every viewer of someone else's
// profile (use-free-vote.ts); a failure counts as not voted.
import type { VoteCheckResponse } from '#contract/votes/answers';
import { api } from '@/lib/api/api';

const voteCheckApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Keyed by viewer as well, so a sign-in as someone else in the same tab asks again.
    getVoteCheck: build.query<VoteCheckResponse, { username: string; viewer: string }>({
      query: ({ username }) => `/contestants/${encodeURIComponent(username)}/vote-check/`,
      providesTags: (_result, _error, { username }) => [{ type: 'VoteCheck', id: username.toLowerCase() }],
    }),
  }),
});

export const { useGetVoteCheckQuery } = voteCheckApi;
