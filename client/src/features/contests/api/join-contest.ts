// POST /contestants/join-contest {contest_id} → 201 {message, entry_id, contest_id, group_id, group_number}.
import type { AnswerOf, BodyIn } from '#contract/api/endpoint';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const join = contestsEndpoints.joinContest;

const joinContestApi = api.injectEndpoints({
  endpoints: (build) => ({
    joinContest: build.mutation<AnswerOf<typeof join>, BodyIn<typeof join>>({
      query: (body) => request(join, { body }),
      // A 409 also means "already in a contest": refresh the status either way.
      invalidatesTags: ['ContestStatus', 'ActiveContests', 'Me'],
    }),
  }),
});

export const { useJoinContestMutation } = joinContestApi;
