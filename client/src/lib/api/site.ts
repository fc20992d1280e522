// GET /site: the product's name and media addresses (the name is configurable, default ScreamStage).
import type { SiteConfig } from '#contract/site/answers';
import { api } from './api';
import { env } from '../env';
import { shownResult } from './shown-result';

const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSite: build.query<SiteConfig, void>({
      query: () => ({ url: '/site', withToken: false }),
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
