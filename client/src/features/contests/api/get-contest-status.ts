// GET /contestants/current-contest → {is_in_contest, contest_id, contest_name, group_number}.
import type { AnswerOf } from '#contract/api/endpoint';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const status = contestsEndpoints.contestStatus;

const contestStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The argument is the signed-in username: it only keys the cache, so one account never sees
    // another's answer after a sign-out and sign-in in the same tab.
    getContestStatus: build.query<AnswerOf<typeof status>, string>({
      query: () => request(status),
      providesTags: ['ContestStatus'],
    }),
  }),
});

export const { useGetContestStatusQuery } = contestStatusApi;
