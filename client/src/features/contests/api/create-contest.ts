// POST /admin/create-contest → 201 Contest; dates are ISO strings.
import type { Contest } from '#contract/contests/answers';
import type { ContestValues } from '#contract/contests/requests';
import { api } from '@/lib/api/api';

/** The body of create and of a full edit: the contract's contest, as its schema reads it (dates as ISO strings). */
export type ContestPayload = ContestValues;

const createContestApi = api.injectEndpoints({
  endpoints: (build) => ({
    createContest: build.mutation<Contest, ContestPayload>({
      query: (body) => ({ url: '/admin/create-contest', method: 'POST', body }),
      invalidatesTags: [{ type: 'Contest', id: 'LIST' }, 'ActiveContests'],
    }),
  }),
});

export const { useCreateContestMutation } = createContestApi;
