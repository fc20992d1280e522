// Toasts close after 3 s (success) or 5 s (info, error) (spec 000 §9).
import { toast } from 'sonner';
import { TOAST_MS } from '#contract/constants';

export const notify = {
  success: (message: string, description?: string) => toast.success(message, { duration: TOAST_MS.success, description }),
  info: (message: string) => toast.info(message, { duration: TOAST_MS.info }),
  error: (message: string) => toast.error(message, { duration: TOAST_MS.error }),
};
