// Store, start-up auth and toasts around the router.
import { useEffect, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Toaster } from 'sonner';
import { STORAGE_KEYS } from '#contract/constants';
import { initializeAuth } from '../lib/auth/auth-slice';
import { RealtimeContext } from '../lib/realtime/realtime-context';
import { makeStore, type AppStore } from './store';

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
      <Toaster theme="dark" position="top-center" offset={76} mobileOffset={72} richColors closeButton />
    </Provider>
  );
}
