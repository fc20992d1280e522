// GET and PUT /users/social-links → {instagram, tiktok}. Saving refreshes what shows the
// links: /users/me (the header and dashboard) and the public profiles' headers.
import type { AnswerOf } from '#contract/api/endpoint';
import { profilesEndpoints } from '#contract/profiles/endpoints';
import type { SocialLinksInput } from '#contract/profiles/requests';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const get = profilesEndpoints.socialLinks;
const update = profilesEndpoints.updateSocialLinks;

const socialLinksApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The argument is the signed-in username: it only keys the cache, so one account never sees
    // another's links after a sign-out and sign-in in the same tab.
    getSocialLinks: build.query<AnswerOf<typeof get>, string>({
      query: () => request(get),
      providesTags: ['SocialLinks'],
    }),
    updateSocialLinks: build.mutation<AnswerOf<typeof update>, SocialLinksInput>({
      query: (body) => request(update, { body }),
      invalidatesTags: ['SocialLinks', 'Me', 'Contestant'],
    }),
  }),
});

export const { useGetSocialLinksQuery, useUpdateSocialLinksMutation } = socialLinksApi;
