// The language of the server's answers that are texts: error details and field messages are the
// contract's English (contract/*/messages.ts), said in the request's language through the contract's
// catalog (contract/locales); English has no catalog, so an English answer is exactly the text the code wrote.
import type { FastifyReply } from 'fastify';
import { translateContractText } from '#contract/i18n/contract-text.js';
import type { Locale } from '#contract/site/constants.js';
import { serverI18n } from '#server/common/i18n/server-i18n.js';
import { zodOwnMessageIn } from '#server/common/i18n/zod-messages.js';

/** A contract text (English) in `locale`; a text the catalog does not know stays as it is. */
export function contractTextIn(locale: Locale, text: string): string {
  return translateContractText(text, serverI18n(locale));
}

/** An error's `detail` in `locale`: the text itself, or each field's `msg` of a validation list (zod's own
 * words in zod's locale for the language). */
export function detailIn(locale: Locale, detail: unknown): unknown {
  if (typeof detail === 'string') return contractTextIn(locale, detail);
  if (!Array.isArray(detail)) return detail;
  return detail.map((item: unknown) =>
    typeof item === 'object' && item !== null && typeof (item as { msg?: unknown }).msg === 'string'
      ? { ...item, msg: zodOwnMessageIn(item, locale) ?? contractTextIn(locale, (item as { msg: string }).msg) }
      : item,
  );
}

/** An answer whose words depend on the request's cookie and languages: caches must keep them apart. */
export function varyByLanguage(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  const add = ['accept-language', 'cookie'].filter((name) => !vary.toLowerCase().includes(name));
  if (add.length) void reply.header('vary', vary ? `${vary}, ${add.join(', ')}` : add.join(', '));
}

/** Says an answer's language (Content-Language) and that it was chosen by the request (Vary). */
export function answerInLanguage(reply: FastifyReply, locale: Locale): void {
  void reply.header('content-language', locale);
  varyByLanguage(reply);
}
