import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { DEFAULT_LOCALE, LOCALE_COOKIE, type Locale, SUPPORTED_LOCALES, supportedLocale } from '#contract/site/constants.js';

/** The value of the cookie `name` in a Cookie header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The language a page is drawn in for this request: the visitor's choice (the switcher's `locale`
 * cookie) when it names a supported one, else the best of the browser's Accept-Language by its weights
 * (`pt` and `pt-BR` choose Brazilian Portuguese; another Portuguese, such as `pt-PT`, too, ahead of
 * English, when the browser names no language we have exactly), else English.
 */
export function requestLocale(headers: { cookie?: string; 'accept-language'?: string }): Locale {
  const chosen = supportedLocale(cookieValue(headers.cookie, LOCALE_COOKIE));
  if (chosen) return chosen;
  const accepted = headers['accept-language'];
  if (!accepted) return DEFAULT_LOCALE;
  const negotiator = new Negotiator({ headers: { 'accept-language': accepted } });
  const best = supportedLocale(negotiator.language([...SUPPORTED_LOCALES]));
  if (best) return best;
  // No exact or prefix match: a language the browser accepts whose primary tag one of ours shares.
  for (const language of negotiator.languages()) {
    const primary = language.split('-')[0].toLowerCase();
    const near = SUPPORTED_LOCALES.find((l) => l.split('-')[0].toLowerCase() === primary);
    if (near) return near;
  }
  return DEFAULT_LOCALE;
}

/** The request's language (`requestLocale`) as a handler's parameter: `@RequestLanguage() locale: Locale`. */
export const RequestLanguage = createParamDecorator((_data: unknown, ctx: ExecutionContext): Locale =>
  requestLocale(ctx.switchToHttp().getRequest<FastifyRequest>().headers),
);
