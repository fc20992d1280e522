// Store, language, start-up auth and toasts around the router.
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { STORAGE_KEYS } from '#contract/auth/constants';
import { useHydrated } from '../hooks/use-hydrated';
import { DrawnAtContext } from '../hooks/use-now';
import { initializeAuth } from '../lib/auth/auth-slice';
import { i18n as browserI18n } from '../lib/i18n/i18n';
import { RealtimeContext } from '../lib/realtime/realtime-context';
import { makeStore, type AppStore } from './store';

// The toaster is not needed for the first paint: it comes in its own chunk right after. A toast raised
// before it mounts is shown once it does (sonner hands a late toaster the toasts still active).
// Its direction is given: left to itself it reads the document's computed style when it mounts, a
// forced style recalculation of the whole page while the page is still loading. Toasts stand at the
// bottom (the full width of a phone, the right-hand corner of a wide screen), away from the page's title
// and the header's menu, which sit at the top.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** The toaster, its region and its close buttons named in the reader's language. */
function Toasts() {
  const { t } = useLingui();
  return (
    <Toaster
      theme="dark"
      dir="ltr"
      position="bottom-right"
      richColors
      closeButton
      containerAriaLabel={t`Notifications`}
      toastOptions={{ closeButtonAriaLabel: t`Close toast` }}
    />
  );
}

interface AppProviderProps {
  children: ReactNode;
  store?: AppStore;
  /** When the page being hydrated was drawn on the server (hooks/use-now.ts). */
  drawnAt?: number | null;
  /** The language the app is shown in: the server's drawing has one of its own; else the browser's (lib/i18n). */
  i18n?: I18n;
}

export function AppProvider({ children, store: given, drawnAt = null, i18n = browserI18n }: AppProviderProps) {
  // Who is signed in is read from storage before the first render, so the first render is already the
  // page: no 'Loading...' pass followed by a second, blocking render of everything.
  const [store] = useState(() => {
    const created = given ?? makeStore();
    created.dispatch(initializeAuth());
    return created;
  });

  // Not part of a server-rendered page: the toaster comes once the page has hydrated.
  const hydrated = useHydrated();

  useEffect(() => {
    // Signing in or out in another tab changes the token here too.
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.token || event.key === null) store.dispatch(initializeAuth());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [store]);

  return (
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <RealtimeContext value={store.realtime}>
          <DrawnAtContext value={drawnAt}>{children}</DrawnAtContext>
        </RealtimeContext>
        {hydrated && (
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        )}
      </I18nProvider>
    </Provider>
  );
}
