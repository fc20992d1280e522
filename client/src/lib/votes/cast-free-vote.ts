// POST /contestants/{username}/vote: no body, unless the server asked for a solved challenge (428), which
// then goes along as `altcha`; the token goes along when signed in. GET /votes/challenge
// gives a new challenge. Shared by the public profile, the vote page and the dashboard.
import type { Challenge } from 'altcha-lib/types';
import type { VoteResponse } from '#contract/votes/answers';
import { api } from '@/lib/api/api';

const freeVoteApi = api.injectEndpoints({
  endpoints: (build) => ({
    castFreeVote: build.mutation<VoteResponse, { username: string; altcha?: string }>({
      query: ({ username, altcha }) => ({
        url: `/contestants/${encodeURIComponent(username)}/vote`,
        method: 'POST',
        ...(altcha ? { body: { altcha } } : {}),
      }),
    }),
    // A mutation, not a query: every challenge is new and counts once, so none is ever cached.
    getVoteChallenge: build.mutation<Challenge, void>({
      query: () => ({ url: '/votes/challenge', method: 'GET' }),
    }),
  }),
});

export const { useCastFreeVoteMutation, useGetVoteChallengeMutation } = freeVoteApi;
