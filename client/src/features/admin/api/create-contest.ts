// POST /admin/create-contest → 201 Contest; dates are ISO strings.
import type { Contest } from '#contract/api-types';
import type { VoteChallengeMode } from '#contract/votes';
import { api } from '@/lib/api/api';

/** The body of create and of a full edit: the form's values, dates as ISO strings. */
export interface ContestPayload {
  name: string;
  description: string;
  start_date: string;
  end_date: string | null;
  is_active: boolean;
  is_current: boolean;
  group_size_cap: number | null;
  /** The contest's free-vote challenge; null follows the site's setting. */
  vote_challenge: VoteChallengeMode | null;
}

const createContestApi = api.injectEndpoints({
  endpoints: (build) => ({
    createContest: build.mutation<Contest, ContestPayload>({
      query: (body) => ({ url: '/admin/create-contest', method: 'POST', body }),
      invalidatesTags: [{ type: 'Contest', id: 'LIST' }, 'ActiveContests'],
    }),
  }),
});

export const { useCreateContestMutation } = createContestApi;
