// PUT /admin/support-messages/{id} {status} → the message: mark handled, or open again. The
// inbox, the opened message and the dashboard's count refetch.
import type { AnswerOf } from '#contract/api/endpoint';
import { supportEndpoints } from '#contract/support/endpoints';
import type { UpdateSupportMessage } from '#contract/support/requests';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const update = supportEndpoints.updateSupportMessage;

const updateSupportMessageApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateSupportMessage: build.mutation<AnswerOf<typeof update>, { id: number } & UpdateSupportMessage>({
      query: ({ id, status }) => request(update, { path: { id }, body: { status } }),
      invalidatesTags: ['SupportMessages'],
    }),
  }),
});

export const { useUpdateSupportMessageMutation } = updateSupportMessageApi;
