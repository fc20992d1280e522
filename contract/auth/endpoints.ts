// The account calls: registration (multipart, with its pictures), sign-in, the e-mail verification links
// and the password reset. The client sends them without the token.
import { answer, type EndpointTable, schemasOf } from '../api/endpoint.js';
import type { MessageResponse } from '../common/answers.js';
import type { LoginAnswer, RegistrationResponse } from './answers.js';
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
