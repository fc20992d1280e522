// Puts a 422 list on the form: each entry whose loc[1] names a field shows under that field, in the
// reader's language (the server's words are contract texts).
import type { ApiErrorItem } from '#contract/common/answers';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { contractText } from '@/lib/i18n/contract-text';
import { itemField } from './api-error';

/** Sets the field errors it can and returns the entries no field of the form could show. */
export function applyFieldErrors<T extends FieldValues>(items: ApiErrorItem[], setError: UseFormSetError<T>, fields: readonly string[]): ApiErrorItem[] {
  const unmatched: ApiErrorItem[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const field = itemField(item);
    if (field && fields.includes(field)) {
      if (!seen.has(field)) setError(field as Path<T>, { type: 'server', message: contractText(item.msg) });
      seen.add(field);
    } else {
      unmatched.push(item);
    }
  }
  return unmatched;
}
