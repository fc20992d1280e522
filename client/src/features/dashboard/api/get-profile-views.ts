// GET /contestants/{username}/views → {profile_views}; a failure counts as 0.
import type { ProfileViewsResponse } from '#contract/profiles/answers';
import { api } from '@/lib/api/api';

const profileViewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfileViews: build.query<ProfileViewsResponse, string>({
      query: (username) => `/contestants/${encodeURIComponent(username)}/views`,
      providesTags: ['ProfileViews'],
    }),
  }),
});

export const { useGetProfileViewsQuery } = profileViewsApi;
