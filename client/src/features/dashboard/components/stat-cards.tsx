// The three stat cards. Rank is the real place in the group (docs/product.md#ranking), not a
// "votes plus 1" placeholder (docs/product.md#notes-on-the-spec).
import { useLingui } from '@lingui/react/macro';
import { Eye, Trophy, Vote, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { LiveNumber } from '@/components/ui/live-number';
import { formatCount } from '@/lib/numbers';

function StatCard({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="rounded-2xl border border-night-700 bg-night-900/90 p-5 shadow-xl">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-full bg-blood-900/60 text-blood-300">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <p id={id} className="text-sm font-semibold uppercase tracking-wider text-bone-400">
          {label}
        </p>
      </div>
      <p className="mt-3 font-display text-4xl font-bold tabular-nums text-bone-50">{value}</p>
    </div>
  );
}

export function StatCards({ rank, votes, views }: { rank: number | null | undefined; votes: number; views: number }) {
  const { t } = useLingui();
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatCard icon={Trophy} label={t`Current Rank`} value={rank ? `#${rank}` : t`N/A`} />
      <StatCard icon={Vote} label={t`Current Contest Votes`} value={<LiveNumber value={votes} />} />
      <StatCard icon={Eye} label={t`Profile Views`} value={formatCount(views)} />
    </div>
  );
}
