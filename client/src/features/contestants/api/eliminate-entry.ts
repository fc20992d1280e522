// PUT /contestants/contestant-entries/{entryId} {is_eliminated: true}: one way, nobody un-eliminates.
import { api } from '@/lib/api/api';

const eliminateEntryApi = api.injectEndpoints({
  endpoints: (build) => ({
    eliminateEntry: build.mutation<unknown, { entryId: number; groupId: number }>({
      query: ({ entryId }) => ({ url: `/contestants/contestant-entries/${entryId}`, method: 'PUT', body: { is_eliminated: true } }),
      invalidatesTags: (_result, _error, { groupId }) => [{ type: 'GroupContestants', id: groupId }, 'Contestant'],
    }),
  }),
});

export const { useEliminateEntryMutation } = eliminateEntryApi;
