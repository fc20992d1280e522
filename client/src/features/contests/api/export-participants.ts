// GET /admin/contests/{id}/participants → text/csv: a contest's participants with the fields their
// public profiles show (no e-mail). Fetched through the shared base query (the token, errors as
// `detail`), then saved as a file by the page. A mutation, so it is not cached.
import type { AnswerOf } from '#contract/api/endpoint';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const exportParticipants = contestsEndpoints.exportParticipants;

const exportParticipantsApi = api.injectEndpoints({
  endpoints: (build) => ({
    exportParticipants: build.mutation<AnswerOf<typeof exportParticipants>, number>({
      query: (id) => request(exportParticipants, { path: { id } }),
      // The base query answers a body that is not JSON as its text: the CSV itself.
      transformResponse: (body: unknown) => (typeof body === 'string' ? body : ''),
    }),
  }),
});

export const { useExportParticipantsMutation } = exportParticipantsApi;
