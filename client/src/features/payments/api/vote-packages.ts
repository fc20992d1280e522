// The organizer's vote packages: GET/PUT /admin/vote-packages (the site's offer) and
// GET/PUT /admin/contests/{id}/vote-packages (a contest's own, or null to follow the site's). A save
// changes what every page sells at once: the site's answer and the profiles are fetched again.
import type { AnswerOf } from '#contract/api/endpoint';
import { paymentsEndpoints } from '#contract/payments/endpoints';
import type { VoteOfferInput } from '#contract/payments/requests';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const { getAdminVotePackages, saveAdminVotePackages, getContestVotePackages, saveContestVotePackages } = paymentsEndpoints;

const votePackagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminVotePackages: build.query<AnswerOf<typeof getAdminVotePackages>, void>({
      query: () => request(getAdminVotePackages, {}),
      providesTags: ['VotePackages'],
    }),
    saveAdminVotePackages: build.mutation<AnswerOf<typeof saveAdminVotePackages>, VoteOfferInput>({
      query: (body) => request(saveAdminVotePackages, { body }),
      invalidatesTags: ['VotePackages', 'Site', 'Contestant', 'Me'],
    }),
    getContestVotePackages: build.query<AnswerOf<typeof getContestVotePackages>, number>({
      query: (id) => request(getContestVotePackages, { path: { id } }),
      providesTags: ['VotePackages'],
    }),
    saveContestVotePackages: build.mutation<AnswerOf<typeof saveContestVotePackages>, { id: number; offer: VoteOfferInput | null }>({
      query: ({ id, offer }) => request(saveContestVotePackages, { path: { id }, body: { offer } }),
      invalidatesTags: ['VotePackages', 'Contestant', 'Me'],
    }),
  }),
});

export const { useGetAdminVotePackagesQuery, useSaveAdminVotePackagesMutation, useGetContestVotePackagesQuery, useSaveContestVotePackagesMutation } =
  votePackagesApi;
