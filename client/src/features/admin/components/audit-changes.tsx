// An audit entry's before → after, readable: for a change only the fields whose value changed; for a
// creation the fields it was made with; for a deletion the fields it had.
import type { AuditValue, AuditValues } from '#contract/admin-audit-schemas';
import { formatDateTime } from '@/lib/dates';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** 'group_size_cap' → 'group size cap'. */
export const fieldLabel = (field: string) => field.replace(/_/g, ' ');

export function formatAuditValue(value: AuditValue | undefined): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' && ISO_TIME.test(value)) return formatDateTime(value);
  return String(value);
}

/** The fields an entry shows, each with its value before and after (undefined: that side has none). */
export function changedFields(before: AuditValues | null, after: AuditValues | null): { field: string; from?: AuditValue; to?: AuditValue }[] {
  if (before && after) {
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return fields.filter((f) => before[f] !== after[f]).map((field) => ({ field, from: before[field] ?? null, to: after[field] ?? null }));
  }
  if (after) return Object.entries(after).map(([field, to]) => ({ field, to }));
  if (before) return Object.entries(before).map(([field, from]) => ({ field, from }));
  return [];
}

export function AuditChanges({ before, after }: { before: AuditValues | null; after: AuditValues | null }) {
  const fields = changedFields(before, after);
  if (!fields.length) return <span className="text-bone-400">No change</span>;
  return (
    <ul className="min-w-0 space-y-1 text-right md:text-left">
      {fields.map(({ field, from, to }) => (
        <li key={field} className="break-words">
          <span className="text-bone-400">{fieldLabel(field)}: </span>
          {from !== undefined ? (
            <span className={to !== undefined ? 'text-bone-300 line-through decoration-blood-400/70' : 'text-bone-200'}>{formatAuditValue(from)}</span>
          ) : null}
          {from !== undefined && to !== undefined ? (
            <>
              <span aria-hidden="true"> → </span>
              <span className="sr-only">changed to </span>
            </>
          ) : null}
          {to !== undefined ? <span className="text-bone-50">{formatAuditValue(to)}</span> : null}
        </li>
      ))}
    </ul>
  );
}
