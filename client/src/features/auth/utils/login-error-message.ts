// Login errors, each status with its exact text (docs/product.md#accounts).
import { LOGIN_MESSAGES as L } from '#contract/auth/messages';
import { errorDetail, errorStatus } from '@/lib/api/api-error';

export function loginErrorMessage(error: unknown): string {
  const status = errorStatus(error);
  const detail = errorDetail(error);
  if (status === undefined) return L.formFallback;
  if (status === 400) return detail ?? L.invalidCredentials;
  if (status === 403) return detail === L.emailNotVerifiedDetail ? L.verifyFirst : (detail ?? L.forbidden);
  if (status === 422) return L.validation;
  return detail ?? L.failed;
}
