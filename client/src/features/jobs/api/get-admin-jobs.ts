// GET /admin/jobs → AdminJobsOverview: each queue's counts and the newest failed jobs.
import type { AdminJobsOverview } from '#contract/jobs/answers';
import { api } from '@/lib/api/api';

const adminJobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminJobs: build.query<AdminJobsOverview, void>({
      query: () => ({ url: '/admin/jobs' }),
      providesTags: ['AdminJobs'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAdminJobsQuery } = adminJobsApi;
