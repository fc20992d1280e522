// The texts of the account e-mails, in one place (plain text and simple HTML alike).
import type { EmailMessage } from '#server/infra/mail/mailer.js';

interface MailContext {
  to: string;
  username: string;
  product: string;
  link: string;
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function html(product: string, paragraphs: string[], link: string, button: string): string {
  const p = paragraphs.map((t) => `<p>${escapeHtml(t)}</p>`).join('\n    ');
  const href = escapeHtml(link);
  return `<!doctype html>
<html>
  <body style="font-family: Arial, sans-serif; color: #111; max-width: 560px; margin: 0 auto; padding: 24px;">
    <h2 style="color: #b91c1c;">${escapeHtml(product)}</h2>
    ${p}
    <p><a href="${href}" style="display: inline-block; background: #b91c1c; color: #fff; padding: 12px 20px; border-radius: 6px; text-decoration: none;">${escapeHtml(button)}</a></p>
    <p style="font-size: 12px; color: #555;">If the button does not work, copy this address into your browser:<br>${href}</p>
  </body>
</html>`;
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
