// GET /admin/contests/{id}/rounds/{position}/cut → RoundCutPreview (nothing changes); 404 {detail: 'Round not found'}.
import type { AnswerOf } from '#contract/api/endpoint';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const cut = contestsEndpoints.roundCut;

const roundCutApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRoundCut: build.query<AnswerOf<typeof cut>, { contestId: number; position: number }>({
      query: ({ contestId, position }) => request(cut, { path: { id: contestId, position } }),
      // Always the counts of now: a preview is never served from an earlier look.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyGetRoundCutQuery } = roundCutApi;
