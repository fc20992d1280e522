// PUT /users/me/locale: a signed-in person's language choice, which their e-mails follow.
import type { AnswerOf } from '#contract/api/endpoint';
import { profilesEndpoints } from '#contract/profiles/endpoints';
import type { MyLocale } from '#contract/profiles/requests';
import { api } from './api';
import { request } from './request';

const setMyLocale = profilesEndpoints.setMyLocale;

const myLocaleApi = api.injectEndpoints({
  endpoints: (build) => ({
    setMyLocale: build.mutation<AnswerOf<typeof setMyLocale>, MyLocale>({
      query: (body) => request(setMyLocale, { body }),
    }),
  }),
});

export const { useSetMyLocaleMutation } = myLocaleApi;
