import './lib/zod-jitless';
import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { DEFAULT_LOCALE, SERVER_RENDER_DATA_ID } from '#contract/site/constants';
import type { ServerRenderData } from './entry-server';
import { AppProvider } from './app/provider';
import { createRouter, resolveLazyMatches } from './app/router';
import { makeStore, type AppStore } from './app/store';
import { primeApiCache } from './lib/api/api';
import { activateLocale, documentLocale, i18n, showDrawnTexts } from './lib/i18n/i18n';
import { tokenStorage } from './lib/storage';
import './styles/index.css';

const container = document.getElementById('root')!;

function app(store: AppStore, router: ReturnType<typeof createRouter>, drawnAt: number | null = null): ReactNode {
  return (
    <StrictMode>
      <AppProvider store={store} drawnAt={drawnAt}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
}

/** The data a server-rendered page carries (entry-server.tsx); null for the plain app shell. */
function serverRenderData(): ServerRenderData | null {
  const block = document.getElementById(SERVER_RENDER_DATA_ID);
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as ServerRenderData;
  } catch {
    return null;
  }
}

/**
 * A page the server drew for a visitor who is not signed in is hydrated: the drawing stays on screen,
 * and the store starts with the API answers it was drawn with. The page's module is loaded first
 * (entry-after-load.ts preloads it with the rest), so hydration meets the page, not a loading fallback.
 */
async function hydrate(data: ServerRenderData): Promise<void> {
  await resolveLazyMatches(window.location.pathname);
  const store = makeStore();
  primeApiCache(store.dispatch, data.api);
  const router = createRouter(data.router);
  startTransition(() => {
    hydrateRoot(container, app(store, router, typeof data.drawnAt === 'number' ? data.drawnAt : null));
  });
}

/** Every other page, and any page for a signed-in visitor (whose page differs from the drawing), is drawn here. */
function draw(): void {
  const root = createRoot(container);
  startTransition(() => {
    root.render(app(makeStore(), createRouter()));
  });
}

/**
 * The app is shown in the language the server chose for this document (`<html lang>`: the visitor's
 * switcher cookie, else the browser's languages). English is in the entry. A page drawn in another
 * language hydrates with the texts it was drawn with, and that language's whole catalog follows off the
 * first load; any other page waits for the whole catalog. Should it fail to load, the app is shown in
 * English and says so in `<html lang>`.
 */
async function start(): Promise<void> {
  const locale = documentLocale();
  const data = serverRenderData();
  const hydrating = data !== null && !tokenStorage.get();
  const drawnTexts = hydrating && locale !== DEFAULT_LOCALE ? data.messages : undefined;
  if (drawnTexts) {
    showDrawnTexts(locale, drawnTexts);
  } else if (locale !== DEFAULT_LOCALE) {
    await activateLocale(locale).catch(() => undefined);
    document.documentElement.lang = i18n.locale;
  }
  if (hydrating) await hydrate(data).catch(draw);
  else draw();
  // The rest of the drawn page's language, for the pages it leads to.
  if (drawnTexts) await activateLocale(locale).catch(() => undefined);
}

void start();
