// The contestant e-mail switches of the dashboard (signed in), and the unsubscribe link's calls, whose
// token is the key (no sign-in).
import { answer, type EndpointTable, schemasOf } from '../api/endpoint.js';
import type { UnsubscribeAnswer } from './answers.js';
import type { MailPreferences } from './constants.js';
import type * as requests from './requests.js';

const request = schemasOf<typeof requests>('mail/requests');

export const mailEndpoints = {
  getMailPreferences: { method: 'GET', path: '/users/mail-preferences', answer: answer<MailPreferences>() },
  updateMailPreferences: { method: 'PUT', path: '/users/mail-preferences', body: request('mailPreferencesSchema'), answer: answer<MailPreferences>() },
  describeUnsubscribe: { method: 'GET', path: '/mail/unsubscribe', query: request('unsubscribeLinkQuerySchema'), answer: answer<UnsubscribeAnswer>() },
  unsubscribe: { method: 'POST', path: '/mail/unsubscribe', query: request('unsubscribeLinkQuerySchema'), answer: answer<UnsubscribeAnswer>() },
  resubscribe: { method: 'POST', path: '/mail/resubscribe', query: request('unsubscribeLinkQuerySchema'), answer: answer<UnsubscribeAnswer>() },
} as const satisfies EndpointTable;
