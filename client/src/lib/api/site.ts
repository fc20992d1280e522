// GET /site: the product's name and media addresses (the name is configurable, default ScreamStage).
import type { AnswerOf } from '#contract/api/endpoint';
import { siteEndpoints } from '#contract/site/endpoints';
import { api } from './api';
import { request } from './request';
import { env } from '../env';
import { shownResult } from './shown-result';

const site = siteEndpoints.site;

const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSite: build.query<AnswerOf<typeof site>, void>({
      query: () => request(site, {}, { withToken: false }),
      providesTags: ['Site'],
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const {
  useGetSiteQuery,
  endpoints: { getSite },
} = siteApi;

/** The product's name: the server's once known, the default before that or if it cannot be read. */
export function useProductName(): string {
  const { currentData: data } = useGetSiteQuery(undefined, { selectFromResult: shownResult });
  return data?.product_name?.trim() || env.defaultProductName;
}

/** The categories registration offers now (the current contest's own list, or the site's); empty until GET /site answers. */
export function useSiteCategories(): string[] {
  const { currentData: data } = useGetSiteQuery(undefined, { selectFromResult: shownResult });
  return data?.categories ?? [];
}
