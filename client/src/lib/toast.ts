// Toasts close after 3 s (success) or 5 s (info, error). The toast library loads with the
// first toast (the toaster itself is lazy too, app/provider.tsx), so a page that shows none never
// waits for it. One outcome, one toast: work under way ("Processing...") shows a toast that
// its outcome then replaces, rather than a second one beside it.
import { TOAST_MS } from '#contract/site/constants';

const toast = () => import('sonner').then((m) => m.toast);

/** The outcome of work shown under way: each replaces the progress toast it belongs to. */
export interface ToastOutcome {
  success: (message: string, description?: string) => void;
  info: (message: string) => void;
  error: (message: string) => void;
}

let progressCount = 0;

export const notify = {
  success: (message: string, description?: string) => void toast().then((t) => t.success(message, { duration: TOAST_MS.success, description })),
  info: (message: string) => void toast().then((t) => t.info(message, { duration: TOAST_MS.info })),
  error: (message: string) => void toast().then((t) => t.error(message, { duration: TOAST_MS.error })),
  /** Work under way: a toast that stays until its outcome replaces it (the same toast, by id). */
  progress: (message: string): ToastOutcome => {
    const id = `progress-${++progressCount}`;
    void toast().then((t) => t.loading(message, { id }));
    return {
      success: (done, description) => void toast().then((t) => t.success(done, { id, duration: TOAST_MS.success, description })),
      info: (note) => void toast().then((t) => t.info(note, { id, duration: TOAST_MS.info })),
      error: (failed) => void toast().then((t) => t.error(failed, { id, duration: TOAST_MS.error })),
    };
  },
};
