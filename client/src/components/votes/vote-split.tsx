// '123 votes · 100 free · 23 paid': free and paid beside the total. Free is shown as total minus
// paid, so the three always add up while live pushes move the total and the paid votes.
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { LiveNumber } from '@/components/ui/live-number';
import { formatCount } from '@/lib/numbers';

export function VoteSplit({ total, paid, className = '' }: { total: number; paid: number | undefined; className?: string }) {
  const { t } = useLingui();
  const paidVotes = Math.max(0, Math.min(paid ?? 0, total));
  const free = formatCount(total - paidVotes);
  const paidCount = formatCount(paidVotes);
  const split = t`${free} free · ${paidCount} paid`;
  return (
    <p className={`text-sm text-bone-200 ${className}`}>
      <span className="whitespace-nowrap">
        <LiveNumber value={total} className="font-bold text-bone-50" /> {t`${plural(total, { one: 'vote', other: 'votes' })}`}
      </span>
      <span className="text-bone-400">{` · ${split}`}</span>
    </p>
  );
}
