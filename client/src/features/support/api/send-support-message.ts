// POST /support/contact → {message}: the support page's contact form.
// Signed in or not: the server links the message to the account when a token comes with it.
import type { SupportContactResponse } from '#contract/support/answers';
import type { SupportContact } from '#contract/support/requests';
import { api } from '@/lib/api/api';

const sendSupportMessageApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendSupportMessage: build.mutation<SupportContactResponse, SupportContact>({
      query: (body) => ({ url: '/support/contact', method: 'POST', body }),
    }),
  }),
});

export const { useSendSupportMessageMutation } = sendSupportMessageApi;
