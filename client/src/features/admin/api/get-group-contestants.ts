// GET /groups/{groupId}/contestants → the group with its entries, sorted, rank = position (001 §4, §7).
import type { GroupContestants } from '@contract/api-types';
import { api } from '../../../lib/api/api';

const groupContestantsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGroupContestants: build.query<GroupContestants, number>({
      query: (groupId) => `/groups/${groupId}/contestants`,
      providesTags: (_result, _error, groupId) => [{ type: 'GroupContestants', id: groupId }],
    }),
  }),
});

export const { useGetGroupContestantsQuery } = groupContestantsApi;
