// The server's drawing of a public page (a first view that needs no script). The API server
// imports the build of this module (dist/ssr) and calls `render` for the pages it draws; the browser
// then hydrates the drawing (main.tsx) with the same API answers, so nothing is fetched or drawn twice.
//
// A page is drawn as a visitor who is not signed in sees it: the server does not know the browser's
// token (it lives in local storage). A signed-in browser draws the page itself (main.tsx).
import './lib/zod-jitless';
import type { MessageDescriptor, Messages } from '@lingui/core';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { DEFAULT_LOCALE, type Locale, SUPPORTED_LOCALES } from '#contract/site/constants';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type HydrationState } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { handleOf } from './app/route-module';
import { createRoutes } from './app/routes';
import { makeStore } from './app/store';
import type { ApiCache } from './lib/api/api';
import { setFormatLocale } from './lib/i18n/format-locale';
import { createI18n } from './lib/i18n/i18n';
import { messages as ptBR } from './locales/pt-BR/messages';
import { messages as contractPtBR } from '#contract/locales/pt-BR/messages';

/** The texts of the catalog the drawing under way has looked up; null between drawings. */
let looked: Set<string> | null = null;

/** A catalog that notes each of its texts looked up while a drawing is under way. */
const noting = (messages: Messages): Messages =>
  new Proxy(messages, {
    get(target, id, receiver) {
      if (looked && typeof id === 'string' && Object.hasOwn(target, id)) looked.add(id);
      return Reflect.get(target, id, receiver) as unknown;
    },
  });

/**
 * Every language's catalog: the server draws each page in its visitor's language. A language's catalog
 * holds the contract's texts too (contractText); English needs none: its texts are in the code and the
 * contract's English texts are their own ids.
 */
const CATALOGS = { en: {}, 'pt-BR': noting({ ...ptBR, ...contractPtBR }) } as const satisfies Record<Locale, Messages>;

// The route table with every page's handle, from which the build writes the route manifest the server reads.
export { routeTable } from './app/routes';

/**
 * A route's title in every language, for the route manifest: the server titles a page it does not draw
 * in the reader's language too.
 */
export function titlesOf(title: MessageDescriptor): Record<Locale, string> {
  const entries = SUPPORTED_LOCALES.map((locale) => [locale, createI18n(locale, CATALOGS[locale])._(title)] as const);
  return Object.fromEntries(entries) as Record<Locale, string>;
}

export interface ServerRender {
  /** The page's markup, for inside the root element. */
  html: string;
  /** The page's <title> element, for the document's head; null when the page names none. */
  title: string | null;
  /** More head elements from the route's `meta` (a profile's preview tags); null when it has none. */
  head: string | null;
  /** The page's status: 200, or what its `meta` says (404 for a profile of no one). */
  status: number;
  /** What the browser needs to hydrate it: the API answers and the router's state. */
  data: ServerRenderData;
}

export interface ServerRenderData {
  api: ApiCache;
  /**
   * In a language other than English, the texts of its catalog the page was drawn with: the browser
   * hydrates with them and loads the whole catalog afterwards, off the first load.
   */
  messages?: Messages;
  router: HydrationState;
  /** When it was drawn: clocks show this time until the page has hydrated (hooks/use-now.ts). */
  drawnAt: number;
}

export interface RenderOptions {
  /** The API, answered in-process by the server. */
  fetch: typeof fetch;
  /** This site's origin, for the router's request. */
  origin: string;
  /** The language to draw the page in (the server's choice for the request); English unless said. */
  locale?: Locale;
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
 * The API cache as the drawing showed it: an answer as answered, a failure as failed; a query not
 * answered (none is, once the loaders are done) is left for the browser to ask.
 */
function asDrawn(cache: ApiCache): ApiCache {
  const queries: ApiCache['queries'] = {};
  for (const [key, query] of Object.entries(cache.queries)) {
    if (query?.data !== undefined) queries[key] = { ...query, status: 'fulfilled', error: undefined } as typeof query;
    else if (query?.error !== undefined) queries[key] = { ...query, status: 'rejected' } as typeof query;
  }
  return { ...cache, queries };
}

/** The page at `url` with its loaders run: the store they filled, the router's state, and what its route's `meta` says. */
async function load(url: string, { fetch, origin }: RenderOptions) {
  const store = makeStore(undefined, { fetch });
  const handler = createStaticHandler(createRoutes(store));
  const context = await handler.query(new Request(new URL(url, origin)));
  if (context instanceof Response || context.errors) return null;
  const match = context.matches.at(-1);
  const page = (match && handleOf(match.route).meta?.({ params: match.params, state: store.getState(), origin })) ?? {};
  return { store, handler, context, page };
}

/**
 * What the page at `url` puts in its head and its status, without drawing it: the loaders and the
 * route's `meta` only (for a link preview while the drawings are busy, or when pages are not drawn).
 */
export async function head(url: string, options: RenderOptions): Promise<{ head: string | null; status: number } | null> {
  const loaded = await load(url, options);
  return loaded && { head: loaded.page.head ?? null, status: loaded.page.status ?? 200 };
}

/**
 * The page at `url` drawn with its data; null when the router would redirect or fail instead. The
 * matched routes' loaders start the page's requests in this drawing's store and wait for their answers
 * (React Router's static handler), then the page is rendered once: what the browser is handed is exactly
 * what was drawn.
 */
export async function render(url: string, options: RenderOptions): Promise<ServerRender | null> {
  const loaded = await load(url, options);
  if (!loaded) return null;
  const { store, handler, context, page } = loaded;
  const router = createStaticRouter(handler.dataRoutes, context);
  const drawnAt = Date.now();
  const locale = options.locale ?? DEFAULT_LOCALE;
  const i18n = createI18n(locale, CATALOGS[locale]);
  // Dates, counts and the texts of lib/* are written in the drawing's language: set right before the render, which is
  // synchronous, so drawings for other languages under way meanwhile cannot change it halfway.
  setFormatLocale(locale, i18n);
  // The render is synchronous: what the catalog notes meanwhile is this drawing's alone.
  const said = (looked = new Set());
  let markup: string;
  try {
    markup = renderToString(
      <StrictMode>
        <AppProvider store={store} drawnAt={drawnAt} i18n={i18n}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </StrictMode>,
    );
  } finally {
    looked = null;
    setFormatLocale(DEFAULT_LOCALE);
  }
  const { html, title } = splitTitle(markup);
  const catalog: Messages = CATALOGS[locale];
  const messages = locale === DEFAULT_LOCALE ? undefined : Object.fromEntries([...said].map((id) => [id, catalog[id]]));
  return {
    html,
    title,
    head: page.head ?? null,
    status: page.status ?? 200,
    data: {
      api: asDrawn(store.getState().api),
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
      drawnAt,
      ...(messages && { messages }),
    },
  };
}
