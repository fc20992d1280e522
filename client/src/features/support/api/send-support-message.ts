// POST /support/contact → {message}: the support page's contact form.
// Signed in or not: the server links the message to the account when a token comes with it.
import type { AnswerOf } from '#contract/api/endpoint';
import { supportEndpoints } from '#contract/support/endpoints';
import type { SupportContact } from '#contract/support/requests';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const contact = supportEndpoints.sendSupportMessage;

const sendSupportMessageApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendSupportMessage: build.mutation<AnswerOf<typeof contact>, SupportContact>({
      query: (body) => request(contact, { body }),
    }),
  }),
});

export const { useSendSupportMessageMutation } = sendSupportMessageApi;
