// PUT /contestants/contestant-entries/{entryId} {is_eliminated: true}: one way, nobody un-eliminates.
import type { AnswerOf } from '#contract/api/endpoint';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const eliminate = contestsEndpoints.eliminateEntry;

const eliminateEntryApi = api.injectEndpoints({
  endpoints: (build) => ({
    eliminateEntry: build.mutation<AnswerOf<typeof eliminate>, { entryId: number; groupId: number }>({
      query: ({ entryId }) => request(eliminate, { path: { entryId }, body: { is_eliminated: true } }),
      invalidatesTags: (_result, _error, { groupId }) => [{ type: 'GroupContestants', id: groupId }, 'Contestant'],
    }),
  }),
});

export const { useEliminateEntryMutation } = eliminateEntryApi;
