// GET and PUT /users/social-links → {instagram, tiktok}. Saving refreshes what shows the
// links: /users/me (the header and dashboard) and the public profiles' headers.
import type { SocialLinks } from '#contract/profiles/answers';
import type { SocialLinksInput } from '#contract/profiles/requests';
import { api } from '@/lib/api/api';

const socialLinksApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The argument is the signed-in username: it only keys the cache, so one account never sees
    // another's links after a sign-out and sign-in in the same tab.
    getSocialLinks: build.query<SocialLinks, string>({
      query: () => '/users/social-links',
      providesTags: ['SocialLinks'],
    }),
    updateSocialLinks: build.mutation<SocialLinks, SocialLinksInput>({
      query: (body) => ({ url: '/users/social-links', method: 'PUT', body }),
      invalidatesTags: ['SocialLinks', 'Me', 'Contestant'],
    }),
  }),
});

export const { useGetSocialLinksQuery, useUpdateSocialLinksMutation } = socialLinksApi;
