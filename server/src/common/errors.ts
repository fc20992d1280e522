// The API's error shapes: {"detail": "text"} or, for validation, 422 {"detail": [{loc, msg, type}]}.
import { HttpException, HttpStatus } from '@nestjs/common';
import type { ApiErrorItem } from '#contract/common/answers.js';
import type { z } from 'zod';
import { ZOD_OWN_MESSAGE } from './i18n/zod-messages.js';

export class ValidationFailed extends HttpException {
  constructor(readonly items: ApiErrorItem[]) {
    super({ detail: items }, HttpStatus.UNPROCESSABLE_ENTITY);
  }
}

export const detailError = (status: HttpStatus, detail: string) => new HttpException({ detail }, status);

/** One entry per field: the first problem found, as the client form shows it. */
export function zodIssuesToItems(issues: z.core.$ZodIssue[], location: 'body' | 'query' | 'path'): ApiErrorItem[] {
  const seen = new Set<string>();
  const items: ApiErrorItem[] = [];
  for (const issue of issues) {
    const key = issue.path.join('.');
    if (seen.has(key)) continue;
    seen.add(key);
    items.push({
      loc: [location, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
      msg: issue.message,
      type: issue.code === 'invalid_type' ? 'missing' : `value_error.${issue.code}`,
      // A message zod wrote keeps its other languages (a symbol: never sent as it is).
      ...(ZOD_OWN_MESSAGE in issue ? { [ZOD_OWN_MESSAGE]: issue[ZOD_OWN_MESSAGE] } : {}),
    });
  }
  return items;
}
