// POST /contestants/{username}/vote: no body, unless the server asked for a solved challenge (428), which
// then goes along as `altcha`; the token goes along when signed in. GET /votes/challenge
// gives a new challenge. Shared by the public profile, the vote page and the dashboard.
import type { AnswerOf } from '#contract/api/endpoint';
import { votesEndpoints } from '#contract/votes/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const cast = votesEndpoints.castFreeVote;
const challenge = votesEndpoints.getVoteChallenge;

const freeVoteApi = api.injectEndpoints({
  endpoints: (build) => ({
    castFreeVote: build.mutation<AnswerOf<typeof cast>, { username: string; altcha?: string }>({
      // Without a solved challenge the vote is sent with no body at all.
      query: ({ username, altcha }) => request(cast, { path: { username }, body: altcha ? { altcha } : undefined }),
    }),
    // A mutation, not a query: every challenge is new and counts once, so none is ever cached.
    getVoteChallenge: build.mutation<AnswerOf<typeof challenge>, void>({
      query: () => request(challenge),
    }),
  }),
});

export const { useCastFreeVoteMutation, useGetVoteChallengeMutation } = freeVoteApi;
