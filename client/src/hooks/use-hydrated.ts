import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the page is drawn on the server and while the browser hydrates that drawing, true from
 * then on (and at once in a page the browser draws itself). For what only the browser can know or
 * do: a control that works only once the page's code runs, this device's clock.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
