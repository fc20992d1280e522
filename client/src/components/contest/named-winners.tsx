// The winners a contest named when its last round closed: "Winners: 1st @maisie.thorn, 2nd @vera …".
import { Trophy } from 'lucide-react';
import type { NamedWinner } from '#contract/contests/answers';
import { ordinal } from '@/lib/numbers';

export function NamedWinners({ winners, className = '' }: { winners: NamedWinner[]; className?: string }) {
  if (!winners.length) return null;
  return (
    <p className={`flex items-start gap-2 text-sm text-bone-200 ${className}`}>
      <Trophy aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
      <span>
        <span className="text-bone-400">Winners: </span>
        {winners.map((w) => `${ordinal(w.place)} @${w.username}`).join(', ')}
      </span>
    </p>
  );
}
