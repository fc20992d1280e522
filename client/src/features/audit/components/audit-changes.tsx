// An audit entry's before → after, readable: for a change only the fields whose value changed; for a
// creation the fields it was made with; for a deletion the fields it had. Times are written with their
// zone: a contest's in the contest's zone of that side (before or after), any other in the viewer's.
import { Trans, useLingui } from '@lingui/react/macro';
import type { AuditValue, AuditValues } from '#contract/audit/constants';
import { formatTimesInText, viewerTimeZone } from '@/lib/dates';

/** 'group_size_cap' → 'group size cap'. */
export const fieldLabel = (field: string) => field.replace(/_/g, ' ');

/** The zone a side's times are shown in: the contest's recorded zone, else the viewer's. */
export const zoneOf = (values: AuditValues | null): string => (typeof values?.time_zone === 'string' && values.time_zone ? values.time_zone : viewerTimeZone());

/** How a yes/no value reads. */
export interface YesNo {
  yes: string;
  no: string;
}

export function formatAuditValue(value: AuditValue | undefined, timeZone: string = viewerTimeZone(), words: YesNo = { yes: 'yes', no: 'no' }): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'string') return formatTimesInText(value, timeZone);
  return String(value);
}

/** The fields an entry shows, each with its value before and after (undefined: that side has none). */
export function changedFields(before: AuditValues | null, after: AuditValues | null): { field: string; from?: AuditValue; to?: AuditValue }[] {
  if (before && after) {
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    // A field only one side recorded (a void's terms) shows that side alone, not "— →".
    return fields
      .filter((f) => before[f] !== after[f])
      .map((field) => ({ field, from: field in before ? before[field] : undefined, to: field in after ? after[field] : undefined }));
  }
  if (after) return Object.entries(after).map(([field, to]) => ({ field, to }));
  if (before) return Object.entries(before).map(([field, from]) => ({ field, from }));
  return [];
}

export function AuditChanges({ before, after }: { before: AuditValues | null; after: AuditValues | null }) {
  const { t } = useLingui();
  const fields = changedFields(before, after);
  const [fromZone, toZone] = [zoneOf(before), zoneOf(after)];
  const words: YesNo = { yes: t`yes`, no: t`no` };
  if (!fields.length)
    return (
      <span className="text-bone-400">
        <Trans>No change</Trans>
      </span>
    );
  return (
    <ul className="min-w-0 space-y-1 text-right md:text-left">
      {fields.map(({ field, from, to }) => (
        <li key={field} className="break-words">
          <span className="text-bone-400">{fieldLabel(field)}: </span>
          {from !== undefined ? (
            <span className={to !== undefined ? 'text-bone-300 line-through decoration-blood-400/70' : 'text-bone-200'}>
              {formatAuditValue(from, fromZone, words)}
            </span>
          ) : null}
          {from !== undefined && to !== undefined ? (
            <>
              <span aria-hidden="true"> → </span>
              <span className="sr-only">{t`changed to`} </span>
            </>
          ) : null}
          {to !== undefined ? <span className="text-bone-50">{formatAuditValue(to, toZone, words)}</span> : null}
        </li>
      ))}
    </ul>
  );
}
