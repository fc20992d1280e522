// An e-mail in its recipient's language. Each text of an e-mail is a function of named values that
// gives its English, written in a module's mail-messages.ts (one template literal, each value `${v.name}`):
// the catalog's extractor reads its id from there (server/src/locales), and `say` finds the same id by
// running the function with markers for its values, then fills in the translation. Counts, ordinals,
// dates and money are formatted for the language before they go into a text.
import { formatMoney } from '#contract/payments/currencies.js';
import { translateContractText } from '#contract/i18n/contract-text.js';
import { icuMessage } from '#contract/i18n/icu.js';
import { DEFAULT_LOCALE, type Locale, supportedLocale } from '#contract/site/constants.js';
import { serverI18n } from '#server/common/i18n/server-i18n.js';
import { ORDINALS } from './mail-messages.js';

/** A text of an e-mail: its English for these values. */
export type MailText<V extends Record<string, string>> = (values: V) => string;

/** Stands around a value's name while a text's id is read; never in a real value. */
const MARK = '\u0000';
const marks = new Proxy({}, { get: (_, name) => (typeof name === 'string' ? `${MARK}${name}${MARK}` : undefined) });

const ids = new WeakMap<MailText<never>, string>();

/** The catalog id of `text`: its English in ICU, each value a placeholder named as the function names it. */
export function mailTextId(text: MailText<never>): string {
  let id = ids.get(text);
  if (id === undefined) {
    const parts = (text as (values: object) => string)(marks).split(MARK);
    id = icuMessage(
      parts.filter((_, i) => i % 2 === 0),
      parts.filter((_, i) => i % 2 === 1),
    );
    ids.set(text, id);
  }
  return id;
}

export interface MailLanguage {
  readonly locale: Locale;
  /** `text` with `values`, in this language (its English when the catalog lacks it). */
  say<V extends Record<string, string>>(text: MailText<V>, values: V): string;
  /** A contract text (a label the pages show too) in this language. */
  contractText(text: string): string;
  /** A count as this language writes it ("1,234", "1.234"). */
  count(n: number): string;
  /** A rank or place ("3rd", "3º"). */
  ordinal(n: number): string;
  /** A day in a time zone ("Nov 25, 2026"). */
  day(at: Date, timeZone: string): string;
  /** A moment in a time zone, with the zone's name ("Nov 25, 2026, 6:00 PM EST"). */
  moment(at: Date, timeZone: string): string;
  /** An amount in a currency's minor units, with its code ("$10 USD", "$10.50 USD", "R$ 12,50 BRL"). */
  money(minor: number, currency: string): string;
}

const englishOrdinal = new Intl.PluralRules('en', { type: 'ordinal' });

/** The e-mail language of `language` (a stored locale): English when it is not one the site offers. */
export function mailLanguage(language: string): MailLanguage {
  const locale = supportedLocale(language) ?? DEFAULT_LOCALE;
  const i18n = serverI18n(locale);
  const numbers = new Intl.NumberFormat(locale);
  const say = <V extends Record<string, string>>(text: MailText<V>, values: V): string => {
    if (locale === DEFAULT_LOCALE) return text(values);
    const id = mailTextId(text);
    return Object.hasOwn(i18n.messages, id) ? i18n._(id, values) : text(values);
  };
  return {
    locale,
    say,
    contractText: (text) => translateContractText(text, i18n),
    count: (n) => numbers.format(n),
    // Which English suffix the number takes picks the text; each language translates the four its way.
    ordinal: (n) => say(ORDINALS[englishOrdinal.select(n) as keyof typeof ORDINALS], { n: String(n) }),
    day: (at, timeZone) => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone }).format(at),
    moment: (at, timeZone) =>
      new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
        timeZone,
      }).format(at),
    money: (minor, currency) => `${formatMoney(minor, currency, locale)} ${currency}`,
  };
}
