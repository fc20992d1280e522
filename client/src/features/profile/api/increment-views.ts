// POST /contestants/{username}/increment-views → {profile_views}, on every profile open.
import type { AnswerOf } from '#contract/api/endpoint';
import { profilesEndpoints } from '#contract/profiles/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const increment = profilesEndpoints.incrementProfileViews;

const incrementViewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    incrementProfileViews: build.mutation<AnswerOf<typeof increment>, string>({
      query: (username) => request(increment, { path: { username } }),
      invalidatesTags: ['ProfileViews'],
    }),
  }),
});

export const { useIncrementProfileViewsMutation } = incrementViewsApi;
