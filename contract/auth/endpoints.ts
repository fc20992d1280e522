// The account calls: registration (multipart, with its pictures), sign-in, the e-mail verification links
// and the password reset. The client sends them without the token.
import { answer, type EndpointTable, schemasOf } from '../api/endpoint.js';
import type { MessageResponse } from '../common/answers.js';
import type { LinkedAccounts, LoginAnswer, OidcLinkStart, RegistrationResponse, TokenResponse } from './answers.js';
import type * as requests from './requests.js';

const request = schemasOf<typeof requests>('auth/requests');

export const authEndpoints = {
  registerContestant: {
    method: 'POST',
    path: '/auth/register-contestant',
    multipart: request('registrationFieldsSchema'),
    answer: answer<RegistrationResponse>(),
  },
  login: { method: 'POST', path: '/auth/login', body: request('loginSchema'), form: true, answer: answer<LoginAnswer>() },
  forgotPassword: { method: 'POST', path: '/auth/forgot-password', body: request('emailOnlySchema'), answer: answer<MessageResponse>() },
  resetPassword: { method: 'POST', path: '/auth/reset-password', body: request('resetPasswordSchema'), answer: answer<MessageResponse>() },
  verifyEmail: { method: 'GET', path: '/auth/verify-email', query: request('tokenSchema'), answer: answer<MessageResponse>() },
  verifyEmailByPost: { method: 'POST', path: '/auth/verify-email', body: request('tokenSchema'), answer: answer<MessageResponse>() },
  resendVerificationEmail: {
    method: 'POST',
    path: '/auth/resend-verification-email',
    body: request('emailOnlySchema'),
    answer: answer<MessageResponse>(),
  },
  requestEmailVerification: {
    method: 'POST',
    path: '/auth/request-email-verification',
    body: request('emailOnlySchema'),
    answer: answer<MessageResponse>(),
  },
} as const satisfies EndpointTable;

/**
 * Sign-in with an existing account: the browser is sent to the start, the provider sends it back to the
 * callback, which redirects to the sign-in page with a one-time code the page exchanges for the token.
 * The linked accounts are the signed-in account's own.
 */
export const oidcEndpoints = {
  oidcStart: { method: 'GET', path: '/auth/oidc/:provider/start', query: request('oidcStartQuerySchema'), answer: answer<void>() },
  oidcCallback: { method: 'GET', path: '/auth/oidc/:provider/callback', query: request('oidcCallbackQuerySchema'), answer: answer<void>() },
  // Apple answers by a form post (response_mode=form_post) when the e-mail is asked for.
  oidcCallbackPost: {
    method: 'POST',
    path: '/auth/oidc/:provider/callback',
    body: request('oidcCallbackQuerySchema'),
    form: true,
    answer: answer<void>(),
  },
  oidcComplete: { method: 'POST', path: '/auth/oidc/complete', body: request('oidcCompleteSchema'), answer: answer<TokenResponse>() },
  getLinkedAccounts: { method: 'GET', path: '/users/me/linked-accounts', answer: answer<LinkedAccounts>() },
  startLink: { method: 'POST', path: '/users/me/linked-accounts/:provider', query: request('oidcStartQuerySchema'), answer: answer<OidcLinkStart>() },
  unlink: { method: 'DELETE', path: '/users/me/linked-accounts/:provider', answer: answer<LinkedAccounts>() },
} as const satisfies EndpointTable;
