// GET /profiles/id/{profileId} → {id, username, is_eliminated, picture_url, user_details}:
// the vote page reads the first name and the username from it; 404 for an unknown id.
import type { ProfileById } from '#contract/profiles/answers';
import { api } from '@/lib/api/api';

const profileByIdApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfileById: build.query<ProfileById, number>({
      query: (profileId) => ({ url: `/profiles/id/${profileId}`, withToken: false }),
    }),
  }),
});

export const {
  useGetProfileByIdQuery,
  endpoints: { getProfileById },
} = profileByIdApi;
