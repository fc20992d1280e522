// GET /contestants/{username}/views → {profile_views}; a failure counts as 0.
import type { AnswerOf } from '#contract/api/endpoint';
import { profilesEndpoints } from '#contract/profiles/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const views = profilesEndpoints.profileViews;

const profileViewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfileViews: build.query<AnswerOf<typeof views>, string>({
      query: (username) => request(views, { path: { username } }),
      providesTags: ['ProfileViews'],
    }),
  }),
});

export const { useGetProfileViewsQuery } = profileViewsApi;
