// The admin "Site" page's calls: GET and PUT /admin/site, POST and DELETE /admin/site/logo. Each change
// answers the settings as saved (kept as the page's data) and drops GET /site, so this page's own header,
// footer and colours show the change without a reload.
import type { AnswerOf, BodyIn } from '#contract/api/endpoint';
import { SITE_LOGO } from '#contract/site/constants';
import { siteEndpoints } from '#contract/site/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const { adminSite, saveSite, uploadLogo, removeLogo, embedOrigins, saveEmbedOrigins } = siteEndpoints;
type Settings = AnswerOf<typeof adminSite>;

const siteSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminSite: build.query<Settings, void>({
      query: () => request(adminSite),
      providesTags: ['SiteSettings'],
      keepUnusedDataFor: 0,
    }),
    saveSite: build.mutation<Settings, BodyIn<typeof saveSite>>({
      query: (body) => request(saveSite, { body }),
      invalidatesTags: (saved) => (saved ? ['Site'] : []),
      onQueryStarted: async (_body, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(siteSettingsApi.util.upsertQueryData('getAdminSite', undefined, data));
      },
    }),
    uploadLogo: build.mutation<Settings, File>({
      query: (file) => {
        const form = new FormData();
        form.append(SITE_LOGO.field, file, file.name);
        return request(uploadLogo, { body: form });
      },
      invalidatesTags: (saved) => (saved ? ['Site'] : []),
      onQueryStarted: async (_file, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(siteSettingsApi.util.upsertQueryData('getAdminSite', undefined, data));
      },
    }),
    removeLogo: build.mutation<Settings, void>({
      query: () => request(removeLogo),
      invalidatesTags: (saved) => (saved ? ['Site'] : []),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(siteSettingsApi.util.upsertQueryData('getAdminSite', undefined, data));
      },
    }),
    // The sites that may frame the embed pages.
    getEmbedOrigins: build.query<AnswerOf<typeof embedOrigins>, void>({
      query: () => request(embedOrigins),
      keepUnusedDataFor: 0,
    }),
    saveEmbedOrigins: build.mutation<AnswerOf<typeof saveEmbedOrigins>, BodyIn<typeof saveEmbedOrigins>>({
      query: (body) => request(saveEmbedOrigins, { body }),
      onQueryStarted: async (_body, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(siteSettingsApi.util.upsertQueryData('getEmbedOrigins', undefined, data));
      },
    }),
  }),
});

export const { useGetAdminSiteQuery, useSaveSiteMutation, useUploadLogoMutation, useRemoveLogoMutation, useGetEmbedOriginsQuery, useSaveEmbedOriginsMutation } =
  siteSettingsApi;
