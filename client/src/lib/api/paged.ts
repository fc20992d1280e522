// Paged lists: `skip` and `limit` out, the rows and the `x-total-count` header back.
import type { ApiMeta } from './base-query';

export interface PageArgs {
  skip: number;
  limit: number;
}

export interface Paged<T> {
  items: T[];
  total: number;
}

/** Without the header, assume one more page exists when this one came back full. */
export function toPaged<T>(items: T[], meta: ApiMeta | undefined, { skip, limit }: Partial<PageArgs> = {}): Paged<T> {
  const list = Array.isArray(items) ? items : [];
  if (meta?.totalCount !== undefined) return { items: list, total: meta.totalCount };
  const start = skip ?? 0;
  return { items: list, total: start + list.length + (limit !== undefined && list.length === limit ? 1 : 0) };
}
