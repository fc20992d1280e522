// The server's drawing of a public page (issue 13: a first view that needs no script). The API server
// imports the build of this module (dist/ssr) and calls `render` for the pages it draws; the browser
// then hydrates the drawing (main.tsx) with the same API answers, so nothing is fetched or drawn twice.
//
// A page is drawn as a visitor who is not signed in sees it: the server does not know the browser's
// token (it lives in local storage). A signed-in browser draws the page itself (main.tsx).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type HydrationState } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { handleOf } from './app/route-handle';
import { routes } from './app/routes';
import { makeStore } from './app/store';
import { api, type ApiCache } from './lib/api/api';

export interface ServerRender {
  /** The page's markup, for inside the root element. */
  html: string;
  /** The page's <title> element, for the document's head; null when the page names none. */
  title: string | null;
  /** What the browser needs to hydrate it: the API answers and the router's state. */
  data: ServerRenderData;
}

export interface ServerRenderData {
  api: ApiCache;
  router: HydrationState;
  /** When it was drawn: clocks show this time until the page has hydrated (hooks/use-now.ts). */
  drawnAt: number;
}

export interface RenderOptions {
  /** The API, answered in-process by the server. */
  fetch: typeof fetch;
  /** This site's origin, for the router's request. */
  origin: string;
}

/** Queries that need an earlier answer (a profile's contest) start in the next pass; a few passes suffice. */
const MAX_PASSES = 4;

/**
 * The query parameters the page at `pathname` is drawn from (its route's `handle.query`, routes.tsx).
 * The server keeps one drawing per combination of them, and answers any other query with those.
 */
export function queryOf(pathname: string): readonly string[] {
  return handleOf(matchRoutes(routes, pathname)?.at(-1)?.route).query ?? [];
}

/**
 * React puts what belongs in the head (the page's <title>, image preloads) before the page's markup in
 * a string render; the title is taken out for the document's head, where the browser's React finds it.
 */
const LEADING_HEAD = /^(?:<link [^>]*>|<meta [^>]*>|<title>[^<]*<\/title>)+/;
const TITLE = /<title>[^<]*<\/title>/;

function splitTitle(markup: string): { html: string; title: string | null } {
  const head = LEADING_HEAD.exec(markup)?.[0] ?? '';
  const title = TITLE.exec(head)?.[0] ?? null;
  return title ? { html: head.replace(title, '') + markup.slice(head.length), title } : { html: markup, title: null };
}

/**
 * The API cache as the drawing showed it: an answer as answered, a failure as failed, and a query still
 * on its way when the page was drawn (it showed its loading state) left for the browser to ask again.
 */
function asDrawn(cache: ApiCache): ApiCache {
  const queries: ApiCache['queries'] = {};
  for (const [key, query] of Object.entries(cache.queries)) {
    if (query?.data !== undefined) queries[key] = { ...query, status: 'fulfilled', error: undefined } as typeof query;
    else if (query?.error !== undefined) queries[key] = { ...query, status: 'rejected' } as typeof query;
  }
  return { ...cache, queries };
}

/** The page at `url` drawn with its data; null when the router would redirect or fail instead. */
export async function render(url: string, { fetch, origin }: RenderOptions): Promise<ServerRender | null> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, origin)));
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const store = makeStore(undefined, { fetch });
  const drawnAt = Date.now();
  const draw = () =>
    renderToString(
      <StrictMode>
        <AppProvider store={store} drawnAt={drawnAt}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </StrictMode>,
    );

  // Each pass starts the queries the page asks for. When a pass asked for something not yet answered,
  // the answers are awaited and the next pass draws them. The browser is handed the cache as it was when
  // the last pass drew, not as it is after: a pass also refetches what it shows (pages that refetch on
  // mount), and an answer that changed meanwhile (a vote counted) would not be the number in the HTML,
  // a hydration mismatch.
  let markup = draw();
  let drawnFrom = store.getState().api;
  for (let pass = 1; pass < MAX_PASSES; pass++) {
    const running = store.dispatch(api.util.getRunningQueriesThunk());
    const asksNew = running.some(
      (query) => drawnFrom.queries[query.queryCacheKey]?.data === undefined && drawnFrom.queries[query.queryCacheKey]?.error === undefined,
    );
    await Promise.all(running);
    if (!asksNew) break;
    markup = draw();
    drawnFrom = store.getState().api;
  }
  // Nothing is left running once the drawing is handed back.
  await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
  const { html, title } = splitTitle(markup);
  return {
    html,
    title,
    data: { api: asDrawn(drawnFrom), router: { loaderData: context.loaderData, actionData: context.actionData, errors: null }, drawnAt },
  };
}
