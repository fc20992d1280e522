// The support page's contact form (signed in or not), and the admin inbox's calls.
import { answer, type EndpointTable, schemasOf } from '../api/endpoint.js';
import type { SupportContactResponse, SupportMessageItem, SupportMessagesPage, SupportMessagesSummary } from './answers.js';
import type * as requests from './requests.js';

const request = schemasOf<typeof requests>('support/requests');

export const supportEndpoints = {
  sendSupportMessage: { method: 'POST', path: '/support/contact', body: request('supportContactSchema'), answer: answer<SupportContactResponse>() },
  getSupportMessages: {
    method: 'GET',
    path: '/admin/support-messages',
    staff: 'support',
    query: request('adminSupportMessagesQuerySchema'),
    answer: answer<SupportMessagesPage>(),
  },
  getSupportSummary: { method: 'GET', path: '/admin/support-messages/summary', staff: 'support', answer: answer<SupportMessagesSummary>() },
  getSupportMessage: { method: 'GET', path: '/admin/support-messages/:id', staff: 'support', answer: answer<SupportMessageItem>() },
  updateSupportMessage: {
    method: 'PUT',
    path: '/admin/support-messages/:id',
    staff: 'support',
    body: request('updateSupportMessageSchema'),
    answer: answer<SupportMessageItem>(),
  },
} as const satisfies EndpointTable;
