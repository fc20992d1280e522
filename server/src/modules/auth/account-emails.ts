// The account e-mails (plain text and simple HTML alike), in the recipient's language.
import { emailHtml as html } from '#server/infra/mail/email-layout.js';
import type { MailLanguage } from '#server/infra/mail/mail-language.js';
import { LAYOUT_MAIL } from '#server/infra/mail/mail-messages.js';
import type { EmailMessage } from '#server/infra/mail/mailer.js';
import { ACCOUNT_MAIL } from './mail-messages.js';

interface MailContext {
  to: string;
  username: string;
  product: string;
  link: string;
  lang: MailLanguage;
}

export function verificationEmail({ to, username, product, link, lang }: MailContext): EmailMessage {
  const lines = [lang.say(LAYOUT_MAIL.greeting, { name: username }), lang.say(ACCOUNT_MAIL.verifyBody, { product }), lang.say(ACCOUNT_MAIL.verifyIgnore, {})];
  return {
    to,
    subject: lang.say(ACCOUNT_MAIL.verifySubject, { product }),
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}\n`,
    html: html(lang, product, lines, link, lang.say(ACCOUNT_MAIL.verifyButton, {})),
  };
}

export function passwordResetEmail({ to, username, product, link, lang }: MailContext): EmailMessage {
  const lines = [lang.say(LAYOUT_MAIL.greeting, { name: username }), lang.say(ACCOUNT_MAIL.resetBody, { product }), lang.say(ACCOUNT_MAIL.resetIgnore, {})];
  return {
    to,
    subject: lang.say(ACCOUNT_MAIL.resetSubject, { product }),
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}\n`,
    html: html(lang, product, lines, link, lang.say(ACCOUNT_MAIL.resetButton, {})),
  };
}
