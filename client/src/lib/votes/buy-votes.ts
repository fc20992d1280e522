// POST /contestants/{username}/buy-votes → {payment_url}.
import type { AnswerOf } from '#contract/api/endpoint';
import { paymentsEndpoints } from '#contract/payments/endpoints';
import type { BuyVotesRequest } from '#contract/payments/requests';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const buy = paymentsEndpoints.buyVotes;

const buyVotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    buyVotes: build.mutation<AnswerOf<typeof buy>, { username: string; body: BuyVotesRequest }>({
      query: ({ username, body }) => request(buy, { path: { username }, body }),
    }),
  }),
});

export const { useBuyVotesMutation } = buyVotesApi;
