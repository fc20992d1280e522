// GET /admin/audit-log?page=&action= → {items, total, page, page_size}: admin actions, newest first.
import type { AuditAction } from '#contract/audit/constants';
import type { AuditLogPage } from '#contract/audit/answers';
import { api } from '@/lib/api/api';

export interface AuditLogArgs {
  page: number;
  action?: AuditAction;
}

const auditLogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditLog: build.query<AuditLogPage, AuditLogArgs>({
      query: ({ page, action }) => ({ url: '/admin/audit-log', params: { page, action } }),
      // Every admin action adds an entry, from this tab or another admin's: never show a stale log.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAuditLogQuery } = auditLogApi;
