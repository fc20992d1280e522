// GET /admin/votes/export?contest_id= → text/csv: a contest's whole vote ledger. Fetched through the
// shared base query (the token, a 401 signs out, errors as `detail`) rather than a plain link, which
// could not carry the token; the page then saves the text as a file. A mutation, so it is not cached.
import { api } from '@/lib/api/api';

const exportVotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    exportVotes: build.mutation<string, number>({
      query: (contestId) => ({ url: '/admin/votes/export', params: { contest_id: contestId } }),
      // The base query answers a body that is not JSON as its text: the CSV itself.
      transformResponse: (body: unknown) => (typeof body === 'string' ? body : ''),
    }),
  }),
});

export const { useExportVotesMutation } = exportVotesApi;
