// Zod's own messages (a number sent as text, an unknown option) in the languages the site speaks. The
// contract's schemas carry their own English texts, said through the contract's catalog; the problems zod
// words itself are said by zod's own locale for that language, found while parsing.
import type { z } from 'zod';
import { ptBR } from 'zod/locales';
import type { Locale } from '#contract/site/constants.js';

type OtherLocale = Exclude<Locale, 'en'>;
type ZodLocaleError = (issue: z.core.$ZodRawIssue) => string | { message: string } | undefined | null;

/** Zod's locale for each language other than English (English is zod's default). */
const ZOD_LOCALES: Readonly<Record<OtherLocale, ZodLocaleError>> = {
  'pt-BR': ptBR().localeError as ZodLocaleError,
};

/** Marks a field problem whose message zod wrote, with that message in each other language. */
export const ZOD_OWN_MESSAGE = Symbol('zod own message');
export type ZodOwnMessages = Readonly<Partial<Record<OtherLocale, string>>>;

const issueKey = (path: readonly PropertyKey[], code: string) => `${path.map(String).join('\u0000')}\u0001${code}`;

function said(error: ZodLocaleError, issue: z.core.$ZodRawIssue): string | undefined {
  const message = error(issue);
  return typeof message === 'string' ? message : (message?.message ?? undefined);
}

/**
 * `schema.safeParse(value)`, where each problem zod words itself (no message of the schema's) carries that
 * message in every other language under `ZOD_OWN_MESSAGE`; `zodIssuesToItems` passes it on to the answer.
 */
export function safeParseSaid<S extends z.ZodType>(schema: S, value: unknown): z.ZodSafeParseResult<z.output<S>> {
  const own = new Map<string, ZodOwnMessages>();
  const result = schema.safeParse(value, {
    // Consulted only when the schema words no message of its own; undefined leaves zod's English in place.
    error: (issue) => {
      const messages: Partial<Record<OtherLocale, string>> = {};
      for (const [locale, error] of Object.entries(ZOD_LOCALES) as [OtherLocale, ZodLocaleError][]) {
        const text = said(error, issue);
        if (text) messages[locale] = text;
      }
      own.set(issueKey(issue.path ?? [], issue.code ?? ''), messages);
      return undefined;
    },
  });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const messages = own.get(issueKey(issue.path, issue.code));
      if (messages) Object.assign(issue, { [ZOD_OWN_MESSAGE]: messages });
    }
  }
  return result;
}

/** The message zod wrote for a problem in `locale`, if zod wrote it and speaks that language. */
export function zodOwnMessageIn(item: unknown, locale: Locale): string | undefined {
  if (locale === 'en' || typeof item !== 'object' || item === null) return undefined;
  const messages = (item as { [ZOD_OWN_MESSAGE]?: ZodOwnMessages })[ZOD_OWN_MESSAGE];
  return messages?.[locale];
}
