// The texts of the account e-mails, in one place (plain text and simple HTML alike).
import { emailHtml as html } from '#server/infra/mail/email-layout.js';
import type { EmailMessage } from '#server/infra/mail/mailer.js';

interface MailContext {
  to: string;
  username: string;
  product: string;
  link: string;
}

export function verificationEmail({ to, username, product, link }: MailContext): EmailMessage {
  const lines = [
    `Hi ${username},`,
    `Welcome to ${product}! Please confirm your e-mail address to activate your account. The link is valid for 24 hours.`,
    'If you did not create an account, you can ignore this e-mail.',
  ];
  return {
    to,
    subject: `Verify your e-mail address for ${product}`,
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}\n`,
    html: html(product, lines, link, 'Verify my e-mail'),
  };
}

export function passwordResetEmail({ to, username, product, link }: MailContext): EmailMessage {
  const lines = [
    `Hi ${username},`,
    `Someone asked to reset the password of your ${product} account. Use the link below to choose a new one. The link is valid for 1 hour and works once.`,
    'If you did not ask for this, you can ignore this e-mail; your password stays as it is.',
  ];
  return {
    to,
    subject: `Reset your ${product} password`,
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}\n`,
    html: html(product, lines, link, 'Choose a new password'),
  };
}
