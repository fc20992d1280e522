import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router-dom';
import { routes } from './routes';

/** The browser's router; `hydrationData` is the router state of a server-rendered page. */
export function createRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, { hydrationData });
}

/**
 * Loads the page modules of the routes that match `pathname`, and puts them in place of the routes'
 * `lazy` loaders, so a server-rendered page hydrates as it was drawn: with the page itself, not the
 * fallback the router shows while a lazy route loads.
 */
export async function loadMatchedPages(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }: { route: RouteObject }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
