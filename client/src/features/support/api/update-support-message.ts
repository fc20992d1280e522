// PUT /admin/support-messages/{id} {status} → the message: mark handled, or open again. The
// inbox, the opened message and the dashboard's count refetch.
import type { SupportMessageItem } from '#contract/support/answers';
import type { UpdateSupportMessage } from '#contract/support/requests';
import { api } from '@/lib/api/api';

const updateSupportMessageApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateSupportMessage: build.mutation<SupportMessageItem, { id: number } & UpdateSupportMessage>({
      query: ({ id, status }) => ({ url: `/admin/support-messages/${id}`, method: 'PUT', body: { status } }),
      invalidatesTags: ['SupportMessages'],
    }),
  }),
});

export const { useUpdateSupportMessageMutation } = updateSupportMessageApi;
