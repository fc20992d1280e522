// The signed-in person's own data: GET /users/me/data (the download, one JSON file), and POST / DELETE
// /users/me/deletion (asking for the account's deletion, and cancelling it in the grace period). The
// deletion calls refetch the current user, whose `deletion_due_at` the pages show.
import { accountEndpoints } from '#contract/account/endpoints';
import type { AnswerOf, BodyIn } from '#contract/api/endpoint';
import { api } from './api';
import { request } from './request';

const { downloadMyData, requestMyDeletion, cancelMyDeletion } = accountEndpoints;

const myAccountApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A mutation, so the file is never cached; the base query parses the JSON answer, which is written out again as it came.
    downloadMyData: build.mutation<string, void>({
      query: () => request(downloadMyData),
      transformResponse: (body: unknown) => (typeof body === 'string' ? body : `${JSON.stringify(body, null, 2)}\n`),
    }),
    requestMyDeletion: build.mutation<AnswerOf<typeof requestMyDeletion>, BodyIn<typeof requestMyDeletion>>({
      query: (body) => request(requestMyDeletion, { body }),
      invalidatesTags: ['Me'],
    }),
    cancelMyDeletion: build.mutation<AnswerOf<typeof cancelMyDeletion>, void>({
      query: () => request(cancelMyDeletion),
      invalidatesTags: ['Me'],
    }),
  }),
});

export const { useDownloadMyDataMutation, useRequestMyDeletionMutation, useCancelMyDeletionMutation } = myAccountApi;
