// GET /admin/jobs → AdminJobsOverview: each queue's counts and the newest failed jobs.
import type { AnswerOf } from '#contract/api/endpoint';
import { jobsEndpoints } from '#contract/jobs/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const overview = jobsEndpoints.adminJobsOverview;

const adminJobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminJobs: build.query<AnswerOf<typeof overview>, void>({
      query: () => request(overview),
      providesTags: ['AdminJobs'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAdminJobsQuery } = adminJobsApi;
