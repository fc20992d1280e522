// Store, start-up auth and toasts around the router.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { STORAGE_KEYS } from '#contract/constants';
import { initializeAuth } from '../lib/auth/auth-slice';
import { RealtimeContext } from '../lib/realtime/realtime-context';
import { makeStore, type AppStore } from './store';

// The toaster is not needed for the first paint: it comes in its own chunk right after. A toast raised
// before it mounts is shown once it does (sonner hands a late toaster the toasts still active).
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function AppProvider({ children, store: given }: { children: ReactNode; store?: AppStore }) {
  const [store] = useState(() => given ?? makeStore());

  useEffect(() => {
    store.dispatch(initializeAuth());
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
        <Toaster theme="dark" position="top-center" offset={76} mobileOffset={72} richColors closeButton />
      </Suspense>
    </Provider>
  );
}
