// Two-factor sign-in's texts: the sign-in's second step, the admin page and the server's answers (our own wording).
import { RECOVERY_CODES_LOW } from './constants.js';

export const TWO_FACTOR_MESSAGES = {
  // The sign-in's second step.
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  recoveryCodeRequired: 'Enter one of your recovery codes',
  signInCodeFormat: 'Enter the 6-digit code from your authenticator app, or a recovery code (xxxx-xxxx-xxxx)',
  wrongCode: "That code is not right. Check your authenticator app's clock, or use a recovery code.",
  challengeExpired: 'This sign-in has expired. Sign in with your password again.',
  challengeMissing: 'Sign in with your password first',
  // The setup.
  setupCodeFormat: 'Enter the 6-digit code your authenticator app shows now',
  wrongSetupCode: "That code is not right. Check that your authenticator app's clock is set automatically, and enter the newest code.",
  alreadyEnabled: 'Two-factor sign-in is already on. Turn it off first to set it up again.',
  notStarted: 'Start the setup first: scan the QR code, then enter the code your app shows.',
  notEnabled: 'Two-factor sign-in is not on for this account',
  disableProofRequired: 'Enter a current code from your authenticator app, or your password',
  disableProofBoth: 'Enter a code or your password, not both',
  wrongPassword: 'That password is not right',
  enabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  disabled: 'Two-factor sign-in is off',
  regenerated: 'New recovery codes are ready; the old ones no longer work.',
  loadFailed: 'The two-factor settings could not be loaded',
  // STAFF_2FA=required: every staff call of an owner without a second factor.
  setupRequired: 'Owners must turn on two-factor sign-in before using the admin area: open Two-factor sign-in (/admin/two-factor) and set it up.',
  setupRequiredPage: 'This site requires owners to sign in with a second factor. Set it up here to use the rest of the admin area.',
} as const;

/** The sign-in answer's warning after a recovery code was used. */
export function recoveryCodesLeftMessage(left: number): string {
  if (left === 0) return 'You have used your last recovery code. Make new ones now on the Two-factor sign-in page.';
  const codes = left === 1 ? '1 recovery code' : `${left} recovery codes`;
  return left <= RECOVERY_CODES_LOW
    ? `You have ${codes} left. Make new ones soon on the Two-factor sign-in page.`
    : `Recovery code used: you have ${codes} left.`;
}
