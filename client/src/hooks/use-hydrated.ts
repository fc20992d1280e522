import { useEffect, useSyncExternalStore } from 'react';

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

/**
 * Marks the document `data-hydrated` once the component using it has been hydrated (or drawn by the
 * browser): the page frame uses it inside its content, so the mark means the page itself answers.
 * The after-load entry of drawn pages waits for it to do the taps it held (entry-after-load.ts).
 */
export function useMarkHydrated(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
}
