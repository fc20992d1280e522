// The English of the account e-mails (server/src/locales holds their translations).

export const ACCOUNT_MAIL = {
  verifySubject: (v: { product: string }) => `Verify your e-mail address for ${v.product}`,
  verifyBody: (v: { product: string }) =>
    `Welcome to ${v.product}! Please confirm your e-mail address to activate your account. The link is valid for 24 hours.`,
  verifyIgnore: () => 'If you did not create an account, you can ignore this e-mail.',
  verifyButton: () => 'Verify my e-mail',
  resetSubject: (v: { product: string }) => `Reset your ${v.product} password`,
  resetBody: (v: { product: string }) =>
    `Someone asked to reset the password of your ${v.product} account. Use the link below to choose a new one. The link is valid for 1 hour and works once.`,
  resetIgnore: () => 'If you did not ask for this, you can ignore this e-mail; your password stays as it is.',
  resetButton: () => 'Choose a new password',
};
