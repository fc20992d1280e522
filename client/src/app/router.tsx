import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router-dom';
import { routes } from './routes';

/** The browser's router; `hydrationData` is the router state of a server-rendered page. */
export function createRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, { hydrationData });
}

/**
 * Loads the page modules of the routes matching `pathname` before a server-rendered page hydrates (React
 * Router's way for lazy routes under server rendering): the router then starts with the page itself, as
 * it was drawn, instead of the fallback it shows while a lazy route loads.
 */
export async function resolveLazyMatches(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }: { route: RouteObject }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
