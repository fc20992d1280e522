// A person's own data: downloading it, asking for the account's deletion and cancelling it during the
// grace period.
import { answer, type EndpointTable, schemasOf } from '../api/endpoint.js';
import type { MyDeletion } from './answers.js';
import type * as requests from './requests.js';

const request = schemasOf<typeof requests>('account/requests');

export const accountEndpoints = {
  downloadMyData: { method: 'GET', path: '/users/me/data', file: 'application/json', answer: answer<string>() },
  requestMyDeletion: { method: 'POST', path: '/users/me/deletion', body: request('myDeletionRequestSchema'), answer: answer<MyDeletion>() },
  cancelMyDeletion: { method: 'DELETE', path: '/users/me/deletion', answer: answer<MyDeletion>() },
} as const satisfies EndpointTable;
