// GET /site: the site's name, logo and colours as the admin area set them, and its media addresses.
import { useEffect } from 'react';
import type { AnswerOf } from '#contract/api/endpoint';
import { siteTheme } from '#contract/site/theme';
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

/** The organizer's logo, or null for the product's mark. */
export function useSiteLogo(): string | null {
  const { currentData: data } = useGetSiteQuery(undefined, { selectFromResult: shownResult });
  return data?.logo_url ?? null;
}

/**
 * Puts the site's palette on the page (the root element's CSS variables, made from its two colours as
 * the server's drawn pages have them already): a change saved in the admin area shows without a reload.
 */
export function useSiteTheme(): void {
  const { currentData: data } = useGetSiteQuery(undefined, { selectFromResult: shownResult });
  const accent = data?.accent_color;
  const background = data?.background_color;
  useEffect(() => {
    if (!accent || !background) return;
    const root = document.documentElement;
    const theme = siteTheme(accent, background);
    for (const [name, value] of Object.entries(theme)) root.style.setProperty(name, value);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', background);
  }, [accent, background]);
}

/** The categories registration offers now (the current contest's own list, or the site's); empty until GET /site answers. */
export function useSiteCategories(): string[] {
  const { currentData: data } = useGetSiteQuery(undefined, { selectFromResult: shownResult });
  return data?.categories ?? [];
}
