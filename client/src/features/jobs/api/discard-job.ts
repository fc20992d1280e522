// DELETE /admin/jobs/{queue}/{id} → the failed job is removed for good.
import type { JobActionResult } from '#contract/jobs/answers';
import { api } from '@/lib/api/api';

const discardJobApi = api.injectEndpoints({
  endpoints: (build) => ({
    discardJob: build.mutation<JobActionResult, { queue: string; id: string }>({
      query: ({ queue, id }) => ({ url: `/admin/jobs/${encodeURIComponent(queue)}/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['AdminJobs'],
    }),
  }),
});

export const { useDiscardJobMutation } = discardJobApi;
