// The winners a contest named when its last round closed: "Winners: 1st @maisie.thorn, 2nd @vera …".
import { selectOrdinal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Trophy } from 'lucide-react';
import type { NamedWinner } from '#contract/contests/answers';

export function NamedWinners({ winners, className = '' }: { winners: NamedWinner[]; className?: string }) {
  const { t } = useLingui();
  if (!winners.length) return null;
  // '1st @maisie.thorn' in English, '1º @maisie.thorn' in Portuguese: the language's own ordinals.
  const winner = ({ place, username }: NamedWinner) => t`${selectOrdinal(place, { one: '#st', two: '#nd', few: '#rd', other: '#th' })} @${username}`;
  return (
    <p className={`flex items-start gap-2 text-sm text-bone-200 ${className}`}>
      <Trophy aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
      <span>
        <span className="text-bone-400">
          <Trans>Winners:</Trans>{' '}
        </span>
        {winners.map(winner).join(', ')}
      </span>
    </p>
  );
}
