// POST /contestants/{username}/increment-views → {profile_views}, on every profile open.
import type { ProfileViewsResponse } from '#contract/profiles/answers';
import { api } from '@/lib/api/api';

const incrementViewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    incrementProfileViews: build.mutation<ProfileViewsResponse, string>({
      query: (username) => ({ url: `/contestants/${encodeURIComponent(username)}/increment-views`, method: 'POST' }),
      invalidatesTags: ['ProfileViews'],
    }),
  }),
});

export const { useIncrementProfileViewsMutation } = incrementViewsApi;
