// The server's drawing of a public page (issue 13: a first view that needs no script). The API server
// imports the build of this module (dist/ssr) and calls `render` for the pages it draws; the browser
// then hydrates the drawing (main.tsx) with the same API answers, so nothing is fetched or drawn twice.
//
// A page is drawn as a visitor who is not signed in sees it: the server does not know the browser's
// token (it lives in local storage). A signed-in browser draws the page itself (main.tsx).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type HydrationState } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { routes } from './app/routes';
import { makeStore } from './app/store';
import { api, type ApiCache } from './lib/api/api';

export interface ServerRender {
  /** The page's markup, for inside the root element. */
  html: string;
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
  // the answers are awaited and the next pass draws them; refetches of what is answered (pages that
  // refetch on mount) are only awaited, so the handed-over cache holds finished answers, not pending ones.
  let html = draw();
  for (let pass = 1; ; pass++) {
    const running = store.dispatch(api.util.getRunningQueriesThunk());
    const answered = store.getState().api.queries;
    const asksNew = running.some((query) => answered[query.queryCacheKey]?.data === undefined && answered[query.queryCacheKey]?.error === undefined);
    await Promise.all(running);
    if (!asksNew || pass === MAX_PASSES) break;
    html = draw();
  }
  return {
    html,
    data: { api: store.getState().api, router: { loaderData: context.loaderData, actionData: context.actionData, errors: null }, drawnAt },
  };
}
