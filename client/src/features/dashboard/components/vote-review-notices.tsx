// What review removed from the contestant's free votes, and why: shown on their own dashboard only,
// and only when something was removed.
import { ShieldAlert } from 'lucide-react';
import type { VoteReviewNotice } from '#contract/votes/answers';
import { formatDateTime } from '@/lib/dates';
import { formatCount } from '@/lib/numbers';
import { VoteRulesLink } from '@/components/votes/vote-rules-link';

export function VoteReviewNotices({ reviews }: { reviews: VoteReviewNotice[] }) {
  if (!reviews.length) return null;
  return (
    <section aria-labelledby="vote-reviews-heading" className="rounded-2xl border border-amber-500/40 bg-amber-950/30 p-6">
      <h2 id="vote-reviews-heading" className="flex items-center gap-2 text-xl font-bold text-bone-50">
        <ShieldAlert aria-hidden="true" className="size-5 text-amber-300" /> Vote reviews
      </h2>
      <p className="mt-1 text-sm text-bone-300">
        Free votes that broke the voting rules were removed from your count. <VoteRulesLink />
      </p>
      <ul className="mt-4 space-y-3">
        {reviews.map((r) => (
          <li key={`${r.at}-${r.removed}`} className="rounded-lg border border-night-700 bg-night-900/80 p-3 text-sm">
            <p className="font-medium text-bone-50">
              {formatCount(r.removed)} {r.removed === 1 ? 'vote' : 'votes'} removed on <time dateTime={r.at}>{formatDateTime(r.at)}</time>
            </p>
            <p className="mt-1 text-bone-200">Reason: {r.reason}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
