// GET /profiles/id/{profileId} → {id, username, is_eliminated, picture_url, user_details}:
// the vote page reads the first name and the username from it; 404 for an unknown id.
import type { AnswerOf } from '#contract/api/endpoint';
import { profilesEndpoints } from '#contract/profiles/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const profileById = profilesEndpoints.profileById;

const profileByIdApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfileById: build.query<AnswerOf<typeof profileById>, number>({
      query: (profileId) => request(profileById, { path: { profileId } }, { withToken: false }),
    }),
  }),
});

export const {
  useGetProfileByIdQuery,
  endpoints: { getProfileById },
} = profileByIdApi;
