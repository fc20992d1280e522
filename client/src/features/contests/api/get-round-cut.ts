// GET /admin/contests/{id}/rounds/{position}/cut → RoundCutPreview (nothing changes); 404 {detail: 'Round not found'}.
import type { RoundCutPreview } from '#contract/contests/answers';
import { api } from '@/lib/api/api';

const roundCutApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRoundCut: build.query<RoundCutPreview, { contestId: number; position: number }>({
      query: ({ contestId, position }) => `/admin/contests/${contestId}/rounds/${position}/cut`,
      // Always the counts of now: a preview is never served from an earlier look.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyGetRoundCutQuery } = roundCutApi;
