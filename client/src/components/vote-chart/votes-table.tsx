// The chart's numbers as a table, for screen readers and anyone who would rather read them: every
// bucket that has votes, and the totals. Under a chart it is closed by default, so it costs sighted
// readers one line; where no chart can be drawn (a page without scripts) it stands open in its place.
import { Trans, useLingui } from '@lingui/react/macro';
import type { VoteHistoryBucket } from '#contract/votes/constants';
import type { VotesOverTimePoint } from '#contract/votes/answers';
import { formatCount } from '@/lib/numbers';
import { formatBucket } from './bucket-format';

const cell = 'px-3 py-1.5 text-right tabular-nums';

interface VotesNumbersProps {
  points: VotesOverTimePoint[];
  bucket: VoteHistoryBucket;
  caption: string;
}

interface VotesTableProps extends VotesNumbersProps {
  /** The disclosure's words, when a page has several tables. */
  summary?: string;
}

/** The table and its note on the buckets left out. */
export function VotesNumbers({ points, bucket, caption }: VotesNumbersProps) {
  const { t } = useLingui();
  const rows = points.filter((p) => p.free || p.paid || p.voided);
  const sum = (key: 'free' | 'paid' | 'voided') => points.reduce((n, p) => n + p[key], 0);
  return (
    <>
      <div className="mt-2 max-h-72 overflow-auto rounded-md border border-night-600">
        <table className="w-full border-collapse">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-night-800 text-xs uppercase tracking-wider text-bone-400">
            <tr>
              <th scope="col" className="px-3 py-1.5 text-left">
                {bucket === 'hour' ? t`Hour (UTC)` : t`Day (UTC)`}
              </th>
              <th scope="col" className={cell}>
                <Trans>Free</Trans>
              </th>
              <th scope="col" className={cell}>
                <Trans>Paid</Trans>
              </th>
              <th scope="col" className={cell}>
                <Trans>Voided</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.start} className="border-t border-night-700">
                <th scope="row" className="px-3 py-1.5 text-left font-normal">
                  <time dateTime={p.start}>{formatBucket(p.start, bucket)}</time>
                </th>
                <td className={cell}>{formatCount(p.free)}</td>
                <td className={cell}>{formatCount(p.paid)}</td>
                <td className={cell}>{formatCount(p.voided)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-night-600 font-semibold text-bone-50">
            <tr>
              <th scope="row" className="px-3 py-1.5 text-left">
                <Trans>Total</Trans>
              </th>
              <td className={cell}>{formatCount(sum('free'))}</td>
              <td className={cell}>{formatCount(sum('paid'))}</td>
              <td className={cell}>{formatCount(sum('voided'))}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="mt-1 text-xs text-bone-400">{bucket === 'hour' ? t`Hours without votes are left out.` : t`Days without votes are left out.`}</p>
    </>
  );
}

/** The table in a closed disclosure, under a chart. */
export function VotesTable({ summary, ...numbers }: VotesTableProps) {
  const { t } = useLingui();
  return (
    <details className="mt-3 text-sm text-bone-200">
      <summary className="cursor-pointer select-none text-bone-400 hover:text-bone-50">{summary ?? t`Show the numbers as a table`}</summary>
      <VotesNumbers {...numbers} />
    </details>
  );
}
