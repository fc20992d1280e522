// Two-factor sign-in: a staff account's setup in the admin area (open to every staff account, and to an
// owner whom STAFF_2FA=required keeps out of the rest), and the sign-in's second step.
import { answer, type EndpointTable, schemasOf } from '../api/endpoint.js';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus, TwoFactorTokenResponse } from './answers.js';
import type * as requests from './requests.js';

const request = schemasOf<typeof requests>('twofactor/requests');

export const twoFactorEndpoints = {
  getTwoFactorStatus: { method: 'GET', path: '/admin/two-factor', staff: 'two-factor', answer: answer<TwoFactorStatus>() },
  startTwoFactorSetup: { method: 'POST', path: '/admin/two-factor/setup', staff: 'two-factor', answer: answer<TwoFactorSetup>() },
  confirmTwoFactorSetup: {
    method: 'POST',
    path: '/admin/two-factor/confirm',
    staff: 'two-factor',
    body: request('twoFactorCodeSchema'),
    answer: answer<RecoveryCodes>(),
  },
  regenerateRecoveryCodes: {
    method: 'POST',
    path: '/admin/two-factor/recovery-codes',
    staff: 'two-factor',
    body: request('twoFactorCodeSchema'),
    answer: answer<RecoveryCodes>(),
  },
  disableTwoFactor: {
    method: 'POST',
    path: '/admin/two-factor/disable',
    staff: 'two-factor',
    body: request('disableTwoFactorSchema'),
    answer: answer<TwoFactorStatus>(),
  },
  signInWithTwoFactor: {
    method: 'POST',
    path: '/auth/login/two-factor',
    body: request('twoFactorSignInSchema'),
    answer: answer<TwoFactorTokenResponse>(),
  },
} as const satisfies EndpointTable;
