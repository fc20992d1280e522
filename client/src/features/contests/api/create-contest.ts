// POST /admin/create-contest → 201 Contest; dates are ISO strings.
import type { AnswerOf } from '#contract/api/endpoint';
import { contestsEndpoints } from '#contract/contests/endpoints';
import type { ContestValues } from '#contract/contests/requests';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

/** The body of create and of a full edit: the contract's contest, as its schema reads it (dates as ISO strings). */
export type ContestPayload = ContestValues;

const create = contestsEndpoints.createContest;

const createContestApi = api.injectEndpoints({
  endpoints: (build) => ({
    createContest: build.mutation<AnswerOf<typeof create>, ContestPayload>({
      query: (body) => request(create, { body }),
      invalidatesTags: [{ type: 'Contest', id: 'LIST' }, 'ActiveContests'],
    }),
  }),
});

export const { useCreateContestMutation } = createContestApi;
