// A page's route module (app/routes/<page>.ts): what React Router's route objects name, one file per
// page, assembled into the route table by routes.tsx.
//
// - `Component`: the page, re-exported from its feature's pages/ (a route module holds no page).
// - `handle`: what the app, the server and the build read about the page (its title, whether the server
//   draws it, which query parameters it is drawn from, whether its scripts are named in the page).
// - `loader`: the API requests the page draws from, started in the store of the request and awaited.
//   The server runs the loaders of the matched routes before its one render pass, so the page is drawn
//   with its data. In the browser the pages fetch through their own hooks as they mount (and the live
//   socket keeps them fresh), so the browser's route table carries no loaders.
// - `meta`: what the server puts in the page's head beyond its title (a profile's link-preview tags)
//   and its status (404 for a profile of no one), from the answers the loaders fetched.
import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, Params } from 'react-router-dom';
import type { StaffPermission } from '#contract/auth/roles';
import type { RootState } from '@/lib/store/root-reducer';
import type { AppStore } from './store';

export interface RouteHandle {
  /**
   * The page's name: the document title reads '{title} | {product}', the name in the reader's language
   * (translated where the title is set: the root layout, and the server for a page it does not draw).
   * A page named by its data (a contestant's name, 'Vote for {first name}') has none here and renders
   * its own <PageTitle>.
   */
  title?: MessageDescriptor;
  /** The server draws this page for a visitor who is not signed in (the public pages people arrive on from a link). */
  draw?: boolean;
  /**
   * The query parameters the page renders from. The server draws the page once per combination of
   * these and shares that drawing with any other query (tracking tags, parameters read only after
   * hydration, such as a payment return's), so a parameter missing here is drawn wrong.
   */
  query?: readonly string[];
  /** The page names its scripts in the HTML (`<link rel="modulepreload">`), so a phone fetches them beside the entry. Drawn pages always do. */
  preload?: boolean;
  /**
   * An admin page: the permissions a staff role needs to open it (`ADMIN_PAGE_STAFF` of
   * lib/auth/admin-pages.ts). The admin layout shows a role without them a notice instead of the page.
   */
  staff?: readonly StaffPermission[];
  /** The module's `meta`, carried on the route for the server (routes.tsx puts it here). */
  meta?: PageMeta;
}

/** What `meta` is given: the route's parameters, the store after the loaders, and the site's public origin. */
export interface MetaArgs {
  params: Params;
  state: RootState;
  origin: string;
}

/** What the server sends with the page: more head elements (escaped markup of <meta> and <link> elements only) and its status. */
export interface PageHead {
  head?: string;
  status?: number;
}

export type PageMeta = (args: MetaArgs) => PageHead;

/** The requests a page is drawn from, started in `store` and awaited (failed answers too: the page draws its error). */
export type PageLoader = (args: LoaderFunctionArgs, store: AppStore) => Promise<void>;

export interface RouteModule {
  Component: ComponentType;
  handle?: RouteHandle;
  loader?: PageLoader;
  meta?: PageMeta;
}

/** The handle of a matched route, or none. */
export const handleOf = (route: { handle?: unknown } | undefined): RouteHandle => (route?.handle ?? {}) as RouteHandle;
