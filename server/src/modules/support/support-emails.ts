// The two e-mails of a support message: staff's copy (Reply-To: the sender; in English, the site's
// language for its staff) and the sender's acknowledgement, in the language the form was sent in. Plain
// text and simple HTML alike; everything the sender typed is escaped.
import { SUPPORT_TOPIC_LABELS } from '#contract/support/messages.js';
import type { Locale } from '#contract/site/constants.js';
import type { SupportContact } from '#contract/support/requests.js';
import { emailPage, escapeHtml } from '#server/infra/mail/email-layout.js';
import { mailLanguage } from '#server/infra/mail/mail-language.js';
import { LAYOUT_MAIL } from '#server/infra/mail/mail-messages.js';
import type { EmailMessage } from '#server/infra/mail/mailer.js';
import { SUPPORT_MAIL as M } from './mail-messages.js';

export interface SupportMailContext {
  id: number;
  product: string;
  /** Staff's address (SUPPORT_EMAIL or its default). */
  staff: string;
  contact: Omit<SupportContact, 'website'>;
  /** The signed-in sender's username, or null for a visitor. */
  username: string | null;
  /** The language the form was sent in. */
  locale: Locale;
}

/** A header line must not carry a line break (the name and subject come from the form). */
const oneLine = (s: string): string => s.replace(/[\r\n\t]+/g, ' ');

const html = (title: string, body: string) => `<!doctype html>
<html>
  <body style="font-family: Arial, sans-serif; color: #111; max-width: 560px; margin: 0 auto; padding: 24px;">
    <h2 style="color: #b91c1c;">${escapeHtml(title)}</h2>
    ${body}
  </body>
</html>`;

/** The message itself, line breaks kept. */
const quoted = (message: string) =>
  `<blockquote style="border-left: 3px solid #ddd; margin: 0; padding-left: 12px; white-space: pre-wrap;">${escapeHtml(message)}</blockquote>`;

export function staffEmail(c: SupportMailContext): EmailMessage {
  const topic = SUPPORT_TOPIC_LABELS[c.contact.topic];
  const facts: [string, string][] = [
    ['Topic', topic],
    ['Name', c.contact.name],
    ['Email', c.contact.email],
    ['Username', c.username ?? 'not signed in'],
    ['Message number', String(c.id)],
  ];
  return {
    to: c.staff,
    replyTo: c.contact.email,
    subject: oneLine(`[${c.product} support] ${topic}: message from ${c.contact.name}`),
    text: `${facts.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${c.contact.message}\n\nReply to this e-mail to answer ${c.contact.name}.\n`,
    html: html(
      `${c.product} support: ${topic}`,
      `<p>${facts.map(([k, v]) => `<strong>${escapeHtml(k)}:</strong> ${escapeHtml(v)}`).join('<br>\n    ')}</p>
    ${quoted(c.contact.message)}
    <p>Reply to this e-mail to answer ${escapeHtml(c.contact.name)}.</p>`,
    ),
  };
}

export function acknowledgementEmail(c: SupportMailContext): EmailMessage {
  const lang = mailLanguage(c.locale);
  const topic = lang.contractText(SUPPORT_TOPIC_LABELS[c.contact.topic]);
  const lines = [lang.say(LAYOUT_MAIL.greeting, { name: c.contact.name }), lang.say(M.received, { product: c.product, topic }), lang.say(M.copy, {})];
  const notYou = lang.say(M.notYou, {});
  return {
    to: c.contact.email,
    subject: oneLine(lang.say(M.subject, { product: c.product })),
    text: `${lines.join('\n\n')}\n\n${c.contact.message}\n\n${notYou}\n`,
    html: emailPage(
      lang,
      c.product,
      `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n    ')}
    ${quoted(c.contact.message)}
    <p>${escapeHtml(notYou)}</p>`,
    ),
  };
}
