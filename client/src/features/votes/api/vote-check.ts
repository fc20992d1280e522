// GET /contestants/{username}/vote-check/ → {hasVoted} (spec 000 §7). Asked only when signed in and
// looking at someone else's profile (000 §6); a failure counts as not voted (000 §8).
import type { VoteCheckResponse } from '#contract/votes';
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
