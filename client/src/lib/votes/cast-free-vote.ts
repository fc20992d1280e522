// POST /contestants/{username}/vote: no body; the token goes along when signed in (spec 000 §7).
// Shared by the public profile and the dashboard (which votes for the user's own profile).
import type { VoteResponse } from '#contract/votes';
import { api } from '@/lib/api/api';

const freeVoteApi = api.injectEndpoints({
  endpoints: (build) => ({
    castFreeVote: build.mutation<VoteResponse, string>({
      query: (username) => ({ url: `/contestants/${encodeURIComponent(username)}/vote`, method: 'POST' }),
    }),
  }),
});

export const { useCastFreeVoteMutation } = freeVoteApi;
