// Toasts close after 3 s (success) or 5 s (info, error) (spec 000 §9). The toast library loads with the
// first toast (the toaster itself is lazy too, app/provider.tsx), so a page that shows none never
// waits for it (issue 13).
import { TOAST_MS } from '#contract/constants';

const toast = () => import('sonner').then((m) => m.toast);

export const notify = {
  success: (message: string, description?: string) => void toast().then((t) => t.success(message, { duration: TOAST_MS.success, description })),
  info: (message: string) => void toast().then((t) => t.info(message, { duration: TOAST_MS.info })),
  error: (message: string) => void toast().then((t) => t.error(message, { duration: TOAST_MS.error })),
};
