// DELETE /admin/jobs/{queue}/{id} → the failed job is removed for good.
import type { AnswerOf, PathParams } from '#contract/api/endpoint';
import { jobsEndpoints } from '#contract/jobs/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const discard = jobsEndpoints.discardJob;

const discardJobApi = api.injectEndpoints({
  endpoints: (build) => ({
    discardJob: build.mutation<AnswerOf<typeof discard>, PathParams<typeof discard>>({
      query: (path) => request(discard, { path }),
      invalidatesTags: ['AdminJobs'],
    }),
  }),
});

export const { useDiscardJobMutation } = discardJobApi;
