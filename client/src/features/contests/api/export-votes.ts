// GET /admin/votes/export?contest_id= → text/csv: a contest's whole vote ledger. Fetched through the
// shared base query (the token, a 401 signs out, errors as `detail`) rather than a plain link, which
// could not carry the token; the page then saves the text as a file. A mutation, so it is not cached.
import type { AnswerOf } from '#contract/api/endpoint';
import { votesEndpoints } from '#contract/votes/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const exportVotes = votesEndpoints.exportVotes;

const exportVotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    exportVotes: build.mutation<AnswerOf<typeof exportVotes>, number>({
      query: (contestId) => request(exportVotes, { query: { contest_id: contestId } }),
      // The base query answers a body that is not JSON as its text: the CSV itself.
      transformResponse: (body: unknown) => (typeof body === 'string' ? body : ''),
    }),
  }),
});

export const { useExportVotesMutation } = exportVotesApi;
