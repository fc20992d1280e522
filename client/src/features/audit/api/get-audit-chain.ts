// GET /admin/audit-log/chain → {intact, entries, head, first_broken_id}: whether every audit entry's
// digest follows from the one before it.
import type { AuditChain } from '#contract/audit/answers';
import { api } from '@/lib/api/api';

const auditChainApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditChain: build.query<AuditChain, void>({
      query: () => ({ url: '/admin/audit-log/chain' }),
      // Checked afresh each time the page opens.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAuditChainQuery } = auditChainApi;
