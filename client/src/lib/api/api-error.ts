// The error shapes of the API (spec: {"detail": "text"} or a 422 list of {loc, msg, type}), normalised
// once in the base query so pages never parse raw responses.
import { msg } from '@lingui/core/macro';
import type { ApiErrorItem } from '#contract/common/answers';
import { STAFF_MESSAGES } from '#contract/staff/messages';
import { contractText } from '@/lib/i18n/contract-text';
import { libText } from '@/lib/i18n/lib-text';

export interface ApiError {
  /** HTTP status; 0 when the request never got an answer. */
  status: number;
  detail?: string | ApiErrorItem[];
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && typeof (value as ApiError).status === 'number';
}

export function errorStatus(error: unknown): number | undefined {
  return isApiError(error) ? error.status : undefined;
}

/** A string detail from the server, if it sent one. */
export function errorDetail(error: unknown): string | undefined {
  if (!isApiError(error) || typeof error.detail !== 'string') return undefined;
  return error.detail.trim() || undefined;
}

/** The server's refusal of a call the staff member's role lacks the permission for (403). */
export function isStaffDenied(error: unknown): boolean {
  return errorStatus(error) === 403 && errorDetail(error) === STAFF_MESSAGES.permissionRequired;
}

/** What a failed load shows: the staff refusal in its own words (the reader's language), any other failure as `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  return isStaffDenied(error) ? contractText(STAFF_MESSAGES.permissionRequired) : fallback;
}

/** The list of validation entries of a 422-style answer, if that is what the server sent. */
export function validationItems(error: unknown): ApiErrorItem[] | undefined {
  if (!isApiError(error) || !Array.isArray(error.detail)) return undefined;
  return error.detail.length > 0 ? error.detail : undefined;
}

/** The field a validation entry is about: `loc[1]` for `["body", field]`, else the last entry. */
export function itemField(item: ApiErrorItem): string | undefined {
  const field = item.loc.length > 1 ? item.loc[1] : item.loc[0];
  return typeof field === 'string' ? field : undefined;
}

export function joinMessages(items: ApiErrorItem[]): string {
  return items.map((item) => item.msg).join(', ');
}

/** Normalises any thrown body into an ApiError (the server's shapes pass through unchanged). */
export function toApiError(status: number, body: unknown): ApiError {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string') return { status, detail };
  if (Array.isArray(detail)) {
    const items = detail
      .filter((d): d is ApiErrorItem => typeof d === 'object' && d !== null && typeof d.msg === 'string')
      .map((d) => ({ loc: Array.isArray(d.loc) ? d.loc : [], msg: d.msg, type: typeof d.type === 'string' ? d.type : '' }));
    return { status, detail: items };
  }
  return { status };
}

/**
 * A short text for "Failed to ...: {text}" messages, in the reader's language: the server's detail, the
 * 422 messages, or what happened.
 */
export function describeError(error: unknown): string {
  const detail = errorDetail(error);
  if (detail) return contractText(detail);
  const items = validationItems(error);
  if (items) return items.map((item) => contractText(item.msg)).join(', ');
  const status = errorStatus(error);
  if (status === 0) return libText(msg`Network error. Check your connection.`);
  return status ? libText(msg`Request failed with status ${status}`) : libText(msg`Unexpected error`);
}
