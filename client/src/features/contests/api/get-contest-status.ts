// GET /contestants/current-contest → {is_in_contest, contest_id, contest_name, group_number}.
import type { CurrentContestStatus } from '#contract/contests/answers';
import { api } from '@/lib/api/api';

const contestStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The argument is the signed-in username: it only keys the cache, so one account never sees
    // another's answer after a sign-out and sign-in in the same tab.
    getContestStatus: build.query<CurrentContestStatus, string>({
      query: () => '/contestants/current-contest',
      providesTags: ['ContestStatus'],
    }),
  }),
});

export const { useGetContestStatusQuery } = contestStatusApi;
