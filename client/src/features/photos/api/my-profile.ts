// The photos page's calls: GET /contestants/my-profile, POST …/my-profile/pictures
// (multipart, repeated `files`, and `pictures_urls`: the saved photos to keep, so removals and
// additions are saved in one step), PUT /contestants/my-profile (the profile without user,
// active_contest_entry, id, user_id, with the kept pictures_urls). Each write answers the profile.
import type { AnswerOf } from '#contract/api/endpoint';
import type { ContestantProfile } from '#contract/profiles/answers';
import { KEPT_PICTURES_FIELD } from '#contract/profiles/constants';
import { profilesEndpoints } from '#contract/profiles/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const get = profilesEndpoints.myProfile;
const addPictures = profilesEndpoints.addMyPictures;
const save = profilesEndpoints.saveMyProfile;

/** The PUT body: the profile as loaded, less the fields the PUT does not take, with the kept pictures. */
export function profileUpdate(profile: ContestantProfile, picturesUrls: string[]) {
  const { user: _user, active_contest_entry: _entry, id: _id, user_id: _userId, ...rest } = profile;
  return { ...rest, pictures_urls: picturesUrls };
}

const myProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyProfile: build.query<AnswerOf<typeof get>, void>({
      query: () => request(get),
    }),
    addMyPictures: build.mutation<AnswerOf<typeof addPictures>, { files: File[]; keep: string[] }>({
      query: ({ files, keep }) => {
        const form = new FormData();
        form.append(KEPT_PICTURES_FIELD, JSON.stringify(keep));
        for (const file of files) form.append('files', file, file.name);
        return request(addPictures, { body: form });
      },
      // The public profile and the header's picture show the new photos.
      invalidatesTags: (profile) => (profile ? [{ type: 'Contestant', id: profile.user.username.toLowerCase() }, 'Me'] : []),
      onQueryStarted: async (_files, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(myProfileApi.util.upsertQueryData('getMyProfile', undefined, data));
      },
    }),
    saveMyProfile: build.mutation<AnswerOf<typeof save>, { profile: ContestantProfile; picturesUrls: string[] }>({
      query: ({ profile, picturesUrls }) => request(save, { body: profileUpdate(profile, picturesUrls) }),
      invalidatesTags: (profile) => (profile ? [{ type: 'Contestant', id: profile.user.username.toLowerCase() }, 'Me'] : []),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(myProfileApi.util.upsertQueryData('getMyProfile', undefined, data));
      },
    }),
  }),
});

export const { useGetMyProfileQuery, useAddMyPicturesMutation, useSaveMyProfileMutation } = myProfileApi;
