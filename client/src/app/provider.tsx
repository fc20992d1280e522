// Store, start-up auth and toasts around the router.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { STORAGE_KEYS } from '#contract/constants';
import { initializeAuth } from '../lib/auth/auth-slice';
import { RealtimeContext } from '../lib/realtime/realtime-context';
import { makeStore, type AppStore } from './store';

// The toaster is not needed for the first paint: it comes in its own chunk right after. A toast raised
// before it mounts is shown once it does (sonner hands a late toaster the toasts still active).
// Its direction is given: left to itself it reads the document's computed style when it mounts, a
// forced style recalculation of the whole page while the page is still loading.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function AppProvider({ children, store: given }: { children: ReactNode; store?: AppStore }) {
  // Who is signed in is read from storage before the first render, so the first render is already the
  // page: no 'Loading...' pass followed by a second, blocking render of everything (issue 13).
  const [store] = useState(() => {
    const created = given ?? makeStore();
    created.dispatch(initializeAuth());
    return created;
  });

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
      <RealtimeContext value={store.realtime}>{children}</RealtimeContext>
      <Suspense fallback={null}>
        <Toaster theme="dark" dir="ltr" position="top-center" offset={76} mobileOffset={72} richColors closeButton />
      </Suspense>
    </Provider>
  );
}
