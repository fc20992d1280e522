// What a route says about its page besides the page itself (React Router's route `handle`), read by the
// app (the document title) and by the server's drawing (which query parameters make another drawing).
import type { RouteObject } from 'react-router-dom';

export interface RouteHandle {
  /**
   * The page's name: the document title reads '{title} | {product}'. A page named by its data (a
   * contestant's name, 'Vote for {first name}') has none here and renders its own <PageTitle>.
   */
  title?: string;
  /**
   * The query parameters the page renders from. The server draws the page once per combination of
   * these and shares that drawing with any other query (tracking tags, parameters read only after
   * hydration, such as a payment return's), so a parameter missing here is drawn wrong.
   */
  query?: readonly string[];
}

/** A route's handle, typed (for the route table: `handle: page({ title: 'Leaderboard' })`). */
export const page = (handle: RouteHandle): RouteHandle => handle;

/** The handle of a matched route, or none. */
export const handleOf = (route: Pick<RouteObject, 'handle'> | undefined): RouteHandle => (route?.handle ?? {}) as RouteHandle;
