// GET /admin/audit-log?page=&action= → {items, total, page, page_size}: admin actions, newest first.
import type { AnswerOf } from '#contract/api/endpoint';
import type { AuditAction } from '#contract/audit/constants';
import { auditEndpoints } from '#contract/audit/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const log = auditEndpoints.getAuditLog;

export interface AuditLogArgs {
  page: number;
  action?: AuditAction;
}

const auditLogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditLog: build.query<AnswerOf<typeof log>, AuditLogArgs>({
      query: ({ page, action }) => request(log, { query: { page, action } }),
      // Every admin action adds an entry, from this tab or another admin's: never show a stale log.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAuditLogQuery } = auditLogApi;
