// GET /admin/audit-log/chain → {intact, entries, head, first_broken_id}: whether every audit entry's
// digest follows from the one before it.
import type { AnswerOf } from '#contract/api/endpoint';
import { auditEndpoints } from '#contract/audit/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const chain = auditEndpoints.getAuditChain;

const auditChainApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditChain: build.query<AnswerOf<typeof chain>, void>({
      query: () => request(chain),
      // Checked afresh each time the page opens.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAuditChainQuery } = auditChainApi;
