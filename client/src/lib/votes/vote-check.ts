// GET /contestants/{username}/vote-check → {hasVoted}. Asked for every viewer of someone else's
// profile (use-free-vote.ts); a failure counts as not voted.
import type { AnswerOf } from '#contract/api/endpoint';
import { votesEndpoints } from '#contract/votes/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const check = votesEndpoints.getVoteCheck;

const voteCheckApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Keyed by viewer as well, so a sign-in as someone else in the same tab asks again.
    getVoteCheck: build.query<AnswerOf<typeof check>, { username: string; viewer: string }>({
      query: ({ username }) => request(check, { path: { username } }),
      providesTags: (_result, _error, { username }) => [{ type: 'VoteCheck', id: username.toLowerCase() }],
    }),
  }),
});

export const { useGetVoteCheckQuery } = voteCheckApi;
