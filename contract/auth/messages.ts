// The user-facing texts of the account pages and the server's account answers, written once and kept
// exactly as written (docs/product.md#exact-texts); those in our own wording say so.
import { OIDC_PROVIDER_NAMES, type OidcProvider } from './constants.js';

export const USERNAME_FORMAT_MESSAGE = 'Username must be 3-30 letters, numbers, dots or underscores';

export const USERNAME_RESERVED_MESSAGE = 'This username is reserved; please choose another';

export const REGISTRATION_MESSAGES = {
  usernameRequired: 'Username is required',
  firstNameRequired: 'First Name is required',
  lastNameRequired: 'Last Name is required',
  biographyRequired: 'Biography is required',
  phoneRequired: 'Phone Number is required',
  phoneDigits: 'Must be only digits',
  phoneMin: 'Must be exactly 10 digits',
  phoneMax: 'Must be max 15 digits',
  emailInvalid: 'Invalid email address',
  emailRequired: 'Email Address is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordRequired: 'Password is required',
  confirmMatch: 'Passwords must match',
  confirmRequired: 'Confirm Password is required',
  categoryInvalid: 'Invalid category selected',
  categoryRequired: 'Please select a category',
  answersFormat: 'answers must be a JSON object of answers by question key',
  // Two spaces: the required text has them.
  picturesMin: 'Upload  at least 1 picture',
  picturesMax: 'Upload a maximum of 5 pictures',
  picturesRequired: 'Pictures are required',
  failed: 'Registration failed. Please try again.',
  // 429: the per-address limit; Retry-After tells the seconds.
  tooMany: 'Too many accounts have been registered from your network recently. Please try again in an hour.',
} as const;

export const LOGIN_MESSAGES = {
  emailOrUsernameRequired: 'Email or username is required',
  passwordRequired: 'Password is required',
  invalidCredentials: 'Invalid credentials',
  emailNotVerifiedDetail: 'Email not verified',
  verifyFirst: 'Please verify your email before logging in',
  // Our own wording: the sign-in page's resend of the verification e-mail.
  resendEmailRequired: 'Enter the e-mail address you registered with',
  forbidden: 'Access forbidden',
  validation: 'Validation error. Please check your inputs.',
  failed: 'Login failed. Please try again.',
  formFallback: 'Invalid credentials. Please try again.',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
} as const;

export const ACCOUNT_MESSAGES = {
  verificationFailed: 'Email verification failed',
  resendFailed: 'Failed to resend verification email',
  forgotFailed: 'Failed to send password reset email',
  resetFailed: 'Failed to reset password',
  invalidVerificationLink: 'Invalid verification link',
  verifyFailedPage: 'Email verification failed. The link may have expired.',
  verifySuccess: 'Email verified successfully!',
  noRegistrationEmail: 'No registration email found',
  resendSuccess: 'Verification email resent successfully!',
  forgotAlways: 'If an account with that email exists, a password reset link has been sent.',
  forgotFailurePage: 'Something went wrong. Please try again later.',
  resetFailedPage: 'Failed to reset password. The link may have expired.',
  forgotEmailInvalid: 'Please enter a valid email address',
  forgotEmailRequired: 'Email is required',
  resetPasswordMin: 'Password must be at least 8 characters',
  resetPasswordRequired: 'Password is required',
  resetConfirmMatch: 'Passwords must match',
  resetConfirmRequired: 'Please confirm your password',
  // Server details for token problems (our wording; the pages show the detail, else their own text).
  tokenInvalid: 'This link is invalid or has already been used.',
  tokenExpired: 'This link has expired. Please request a new one.',
  verificationSent: 'If an account with that email exists and is not yet verified, a verification email has been sent.',
  passwordResetDone: 'Your password has been reset. You can now sign in.',
  emailVerifiedDetail: 'Email verified successfully!',
} as const;

export const CONFLICT_MESSAGES = {
  usernameTaken: 'Username is already taken',
  emailTaken: 'An account with this email already exists',
} as const;

export const AUTH_GUARD_MESSAGES = {
  notAuthenticated: 'Not authenticated',
  superuserRequired: 'Superuser privileges required',
} as const;

/** Answers of the account calls, in our own wording. */
export const ACCOUNT_RESULT_MESSAGES = {
  registered: 'Registration successful! Please check your email to verify your account.',
} as const;

/** Sign-in with an existing account (Google, Apple, Facebook) and the linked accounts of account settings. */
export const OIDC_MESSAGES = {
  unknownProvider: 'That sign-in provider is not offered here',
  stateRefused: 'That sign-in could not be confirmed (it expired, was already used, or started in another browser). Please try again.',
  providerRefused: 'The provider did not confirm the sign-in. Please try again.',
  emailUnverified:
    'Your e-mail address is not verified with that provider, so it cannot be matched to an account here. Verify it with the provider, or sign in with your password.',
  accountExists: 'An account with this e-mail already exists. Sign in with your password, then link this provider in your account settings.',
  staffUsePassword: 'Staff accounts sign in with their password.',
  handoffExpired: 'That sign-in has expired. Please try again.',
  // 429: the per-address limit of sign-in and link starts; Retry-After tells the seconds.
  tooManyStarts: 'Too many sign-ins have been started from your network recently. Please try again later.',
  completing: 'Finishing your sign-in…',
  linkedAccounts: 'Linked accounts',
  linkedAccountsIntro: 'Sign in with one of these instead of your password. A provider can be linked when its verified e-mail is the e-mail of this account.',
  noLinkedAccounts: 'No accounts are linked yet.',
  linkEmailMismatch: "That provider's verified e-mail is not this account's e-mail, so it was not linked.",
  linkedElsewhere: 'That provider account is already linked to another account here.',
  alreadyLinked: 'An account of that provider is already linked to this account.',
  notLinked: 'That provider is not linked to this account.',
  unlinkNeedsPassword: 'Set a password first (use "Forgot password"): without one this account could not sign in after unlinking.',
  loadFailed: 'Failed to load the linked accounts',
} as const;

/** A provider's button: "Continue with Google". */
export function continueWithMessage(provider: OidcProvider): string {
  const name = OIDC_PROVIDER_NAMES[provider];
  return `Continue with ${name}`;
}

/** A provider's link button: "Link Google". */
export function linkProviderMessage(provider: OidcProvider): string {
  const name = OIDC_PROVIDER_NAMES[provider];
  return `Link ${name}`;
}

/** A provider's unlink button: "Unlink Google". */
export function unlinkProviderMessage(provider: OidcProvider): string {
  const name = OIDC_PROVIDER_NAMES[provider];
  return `Unlink ${name}`;
}

/** After a link: "Google is linked." */
export function providerLinkedMessage(provider: OidcProvider): string {
  const name = OIDC_PROVIDER_NAMES[provider];
  return `${name} is linked.`;
}

/** After an unlink: "Google was unlinked." */
export function providerUnlinkedMessage(provider: OidcProvider): string {
  const name = OIDC_PROVIDER_NAMES[provider];
  return `${name} was unlinked.`;
}
