// GET /contests/all-contests (public): the contests open now; the competitions page shows the current
// one instead of its sample challenge.
import type { AnswerOf } from '#contract/api/endpoint';
import type { Contest } from '#contract/contests/answers';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const open = contestsEndpoints.openContests;

const openContestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOpenContests: build.query<AnswerOf<typeof open>, void>({
      query: () => request(open, {}, { withToken: false }),
      providesTags: ['ActiveContests'],
    }),
  }),
});

export const {
  useGetOpenContestsQuery,
  endpoints: { getOpenContests },
} = openContestsApi;

/** The contest marked current among the open ones (active and current), if any. */
export function currentOf(contests: readonly Contest[] | undefined): Contest | undefined {
  return contests?.find((c) => c.is_current && c.is_active);
}
