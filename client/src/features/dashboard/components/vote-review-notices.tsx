// What review removed from the contestant's free votes, and why: shown on their own dashboard only,
// and only when something was removed.
import { Plural, Trans } from '@lingui/react/macro';
import { ShieldAlert } from 'lucide-react';
import type { VoteReviewNotice } from '#contract/votes/answers';
import { formatDateTime } from '@/lib/dates';
import { useContractText } from '@/lib/i18n/contract-text';
import { VoteRulesLink } from '@/components/votes/vote-rules-link';

/** One review: how many votes it removed and when (in the viewer's zone), and its reason. */
function ReviewItem({ review }: { review: VoteReviewNotice }) {
  const ct = useContractText();
  const removed = review.removed;
  const at = review.at;
  const when = formatDateTime(at);
  const reason = ct(review.reason);
  return (
    <li className="rounded-lg border border-night-700 bg-night-900/80 p-3 text-sm">
      <p className="font-medium text-bone-50">
        <Trans>
          <Plural value={removed} one="# vote removed" other="# votes removed" /> on <time dateTime={at}>{when}</time>
        </Trans>
      </p>
      <p className="mt-1 text-bone-200">
        <Trans>Reason: {reason}</Trans>
      </p>
    </li>
  );
}

export function VoteReviewNotices({ reviews }: { reviews: VoteReviewNotice[] }) {
  if (!reviews.length) return null;
  return (
    <section aria-labelledby="vote-reviews-heading" className="rounded-2xl border border-amber-500/40 bg-amber-950/30 p-6">
      <h2 id="vote-reviews-heading" className="flex items-center gap-2 text-xl font-bold text-bone-50">
        <ShieldAlert aria-hidden="true" className="size-5 text-amber-300" /> <Trans>Vote reviews</Trans>
      </h2>
      <p className="mt-1 text-sm text-bone-300">
        <Trans>
          Free votes that broke the voting rules were removed from your count. <VoteRulesLink />
        </Trans>
      </p>
      <ul className="mt-4 space-y-3">
        {reviews.map((r) => (
          <ReviewItem key={`${r.at}-${r.removed}`} review={r} />
        ))}
      </ul>
    </section>
  );
}
