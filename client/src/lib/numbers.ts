// The one count formatter: whole numbers as the app's language writes them ("12,345" in English,
// "12.345" in Portuguese), like the dates. English is written out rather than through Intl: the first
// Intl.NumberFormat of a page loads the locale's number data, which was the largest script cost of the
// leaderboard's first render on a slow phone, and a count needs only its thousands separators. Other
// languages go through Intl (one format per language, made when first needed).
import { formatLocale } from './i18n/format-locale';

const counts = new Map<string, Intl.NumberFormat>();

export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const locale = formatLocale();
  if (locale !== 'en') {
    let format = counts.get(locale);
    if (!format) counts.set(locale, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })));
    return format.format(Math.round(value) || 0);
  }
  const digits = String(Math.round(Math.abs(value))).replace(/\B(?=(\d{3})+$)/g, ',');
  return value <= -0.5 ? `-${digits}` : digits;
}

export { ordinal, winnerLabel } from '#contract/contests/places';
