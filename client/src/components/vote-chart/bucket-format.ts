// How a bucket's start reads: in UTC, as the API counts them, so a table row and a bar name the same span.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { VoteHistoryBucket } from '#contract/votes/constants';
import { intlLocale } from '@/lib/dates';

/** Per language (lib/i18n): the app's language writes the month. */
const formats = new Map<string, Record<VoteHistoryBucket, Intl.DateTimeFormat>>();

/** 'Nov 20' for a day, 'Nov 20, 14:00' for an hour (made on first use: a page without a chart pays nothing). */
export function formatBucket(start: string, bucket: VoteHistoryBucket): string {
  const locale = intlLocale();
  let made = formats.get(locale);
  if (!made) {
    made = {
      day: new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'short', day: 'numeric' }),
      hour: new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    };
    formats.set(locale, made);
  }
  return made[bucket].format(new Date(start));
}

/** A bucket's name, translated where it is shown (`i18n._`). */
export const BUCKET_NAMES: Record<VoteHistoryBucket, MessageDescriptor> = { hour: msg`Hour`, day: msg`Day` };
