// Registration errors: a 422 list becomes field errors by loc[1] plus a general
// message of its msg texts joined by commas; a string detail is shown as is; otherwise the fallback.
// The messages returned are in `ct`'s language (each server text through contractText); the field
// errors keep the server's English, which the fields show through contractText.
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { CONFLICT_MESSAGES, REGISTRATION_MESSAGES } from '#contract/auth/messages';
import { errorDetail, itemField, joinMessages, validationItems } from '@/lib/api/api-error';
import { applyFieldErrors } from '@/lib/api/form-errors';
import { contractText } from '@/lib/i18n/contract-text';

export interface RegistrationErrorResult {
  general: string;
  pictures?: string;
}

export function handleRegistrationError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  ct: (text: string) => string = contractText,
): RegistrationErrorResult {
  const items = validationItems(error);
  if (items) {
    applyFieldErrors(items, setError, fields);
    const pictures = items.find((item) => itemField(item) === 'pictures')?.msg;
    return { general: joinMessages(items.map((item) => ({ ...item, msg: ct(item.msg) }))), pictures: pictures === undefined ? undefined : ct(pictures) };
  }
  const detail = errorDetail(error);
  // A taken username or e-mail is also shown under its field.
  if (detail === CONFLICT_MESSAGES.usernameTaken) applyFieldErrors([{ loc: ['body', 'username'], msg: detail, type: 'conflict' }], setError, fields);
  if (detail === CONFLICT_MESSAGES.emailTaken) applyFieldErrors([{ loc: ['body', 'email'], msg: detail, type: 'conflict' }], setError, fields);
  return { general: ct(detail ?? REGISTRATION_MESSAGES.failed) };
}
