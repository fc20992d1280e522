// The one look of the site's e-mails: a heading, paragraphs, a button with its address spelled out,
// and an optional footer (a contestant e-mail's unsubscribe line), in the recipient's language.
import type { MailLanguage } from './mail-language.js';
import { LAYOUT_MAIL } from './mail-messages.js';

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The footer line's text and link (shown small, under the button). */
export interface EmailFooter {
  text: string;
  linkText: string;
  link: string;
}

/** The page of an e-mail: its language said, the product's name as its heading, then `body` (HTML). */
export function emailPage(lang: MailLanguage, product: string, body: string): string {
  return `<!doctype html>
<html lang="${lang.locale}">
  <body style="font-family: Arial, sans-serif; color: #111; max-width: 560px; margin: 0 auto; padding: 24px;">
    <h2 style="color: #b91c1c;">${escapeHtml(product)}</h2>
    ${body}
  </body>
</html>`;
}

export function emailHtml(lang: MailLanguage, product: string, paragraphs: string[], link: string, button: string, footer?: EmailFooter): string {
  const p = paragraphs.map((t) => `<p>${escapeHtml(t)}</p>`).join('\n    ');
  const href = escapeHtml(link);
  const foot = footer
    ? `\n    <p style="font-size: 12px; color: #555; border-top: 1px solid #ddd; padding-top: 12px;">${escapeHtml(footer.text)} <a href="${escapeHtml(footer.link)}" style="color: #555;">${escapeHtml(footer.linkText)}</a></p>`
    : '';
  return emailPage(
    lang,
    product,
    `${p}
    <p><a href="${href}" style="display: inline-block; background: #b91c1c; color: #fff; padding: 12px 20px; border-radius: 6px; text-decoration: none;">${escapeHtml(button)}</a></p>
    <p style="font-size: 12px; color: #555;">${escapeHtml(lang.say(LAYOUT_MAIL.buttonFallback, {}))}<br>${href}</p>${foot}`,
  );
}
