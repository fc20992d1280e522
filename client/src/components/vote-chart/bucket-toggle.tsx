// Hour or Day: two toggle buttons in a named group, each saying whether it is the one shown
// (aria-pressed). Buttons, so Tab reaches them and Enter or Space switches.
import { useLingui } from '@lingui/react/macro';
import type { VoteHistoryBucket } from '#contract/votes/constants';
import { BUCKET_NAMES } from './bucket-format';

/** The contract's buckets, written out: importing its list would bring zod into the page. */
const BUCKETS: readonly VoteHistoryBucket[] = ['hour', 'day'];

export function BucketToggle({
  value,
  onChange,
  disabled = false,
}: {
  value: VoteHistoryBucket;
  onChange: (bucket: VoteHistoryBucket) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useLingui();
  return (
    <div role="group" aria-label={t`Votes per`} className="inline-flex rounded-md border border-night-600 p-0.5">
      {BUCKETS.map((bucket) => (
        <button
          key={bucket}
          type="button"
          aria-pressed={value === bucket}
          disabled={disabled}
          onClick={() => onChange(bucket)}
          className="rounded px-3 py-1 text-xs font-semibold text-bone-200 transition-colors hover:text-bone-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blood-400 disabled:opacity-60 aria-pressed:bg-bone-50 aria-pressed:text-night-900"
        >
          {i18n._(BUCKET_NAMES[bucket])}
        </button>
      ))}
    </div>
  );
}
