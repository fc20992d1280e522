// The two e-mails of a support message: staff's copy (Reply-To: the sender) and the
// sender's acknowledgement. Plain text and simple HTML alike; everything the sender typed is escaped.
import { escapeHtml } from '#server/infra/mail/email-layout.js';
import { SUPPORT_TOPIC_LABELS } from '#contract/support/constants.js';
import type { SupportContact } from '#contract/support/requests.js';
import type { EmailMessage } from '#server/infra/mail/mailer.js';

export interface SupportMailContext {
  id: number;
  product: string;
  /** Staff's address (SUPPORT_EMAIL or its default). */
  staff: string;
  contact: Omit<SupportContact, 'website'>;
  /** The signed-in sender's username, or null for a visitor. */
  username: string | null;
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
  const topic = SUPPORT_TOPIC_LABELS[c.contact.topic];
  const lines = [
    `Hi ${c.contact.name},`,
    `Thank you for contacting ${c.product} support. We have received your message (topic: ${topic}) and will reply to this address, usually within two business days.`,
    'A copy of your message:',
  ];
  return {
    to: c.contact.email,
    subject: oneLine(`We received your message to ${c.product} support`),
    text: `${lines.join('\n\n')}\n\n${c.contact.message}\n\nIf you did not send this message, you can ignore this e-mail.\n`,
    html: html(
      c.product,
      `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n    ')}
    ${quoted(c.contact.message)}
    <p>If you did not send this message, you can ignore this e-mail.</p>`,
    ),
  };
}
