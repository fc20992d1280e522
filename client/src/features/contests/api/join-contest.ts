// POST /contestants/join-contest {contest_id} → {message}.
import type { MessageResponse } from '#contract/common/answers';
import { api } from '@/lib/api/api';

const joinContestApi = api.injectEndpoints({
  endpoints: (build) => ({
    joinContest: build.mutation<MessageResponse, { contest_id: number }>({
      query: (body) => ({ url: '/contestants/join-contest', method: 'POST', body }),
      // A 409 also means "already in a contest": refresh the status either way.
      invalidatesTags: ['ContestStatus', 'ActiveContests', 'Me'],
    }),
  }),
});

export const { useJoinContestMutation } = joinContestApi;
