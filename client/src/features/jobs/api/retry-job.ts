// POST /admin/jobs/{queue}/{id}/retry → the failed job runs again from its first attempt.
import type { AnswerOf, PathParams } from '#contract/api/endpoint';
import { jobsEndpoints } from '#contract/jobs/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const retry = jobsEndpoints.retryJob;

const retryJobApi = api.injectEndpoints({
  endpoints: (build) => ({
    retryJob: build.mutation<AnswerOf<typeof retry>, PathParams<typeof retry>>({
      query: (path) => request(retry, { path }),
      invalidatesTags: ['AdminJobs'],
    }),
  }),
});

export const { useRetryJobMutation } = retryJobApi;
