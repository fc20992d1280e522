// POST /contestants/{username}/buy-votes → {payment_url}.
import type { BuyVotesRequest } from '#contract/payments/requests';
import type { BuyVotesResponse } from '#contract/payments/answers';
import { api } from '@/lib/api/api';

const buyVotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    buyVotes: build.mutation<BuyVotesResponse, { username: string; body: BuyVotesRequest }>({
      query: ({ username, body }) => ({ url: `/contestants/${encodeURIComponent(username)}/buy-votes`, method: 'POST', body }),
    }),
  }),
});

export const { useBuyVotesMutation } = buyVotesApi;
