// POST /admin/jobs/{queue}/{id}/retry → the failed job runs again from its first attempt.
import type { JobActionResult } from '#contract/jobs/answers';
import { api } from '@/lib/api/api';

const retryJobApi = api.injectEndpoints({
  endpoints: (build) => ({
    retryJob: build.mutation<JobActionResult, { queue: string; id: string }>({
      query: ({ queue, id }) => ({ url: `/admin/jobs/${encodeURIComponent(queue)}/${encodeURIComponent(id)}/retry`, method: 'POST' }),
      invalidatesTags: ['AdminJobs'],
    }),
  }),
});

export const { useRetryJobMutation } = retryJobApi;
