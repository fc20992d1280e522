// A real contest that has named its winners, as a Past Winners card: the winners by place, linked to their profiles.
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Trophy, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { CompletedContest } from '#contract/contests/answers';
import { formatZonedDateTime } from '@/lib/dates';
import { useContractText } from '@/lib/i18n/contract-text';
import { ordinal } from '@/lib/numbers';
import { paths } from '@/lib/paths';
import { StatusBadge } from './status-badge';

export function CompletedTile({ contest }: { contest: CompletedContest }) {
  const titleId = `completed-${contest.id}`;
  const { t } = useLingui();
  const ct = useContractText();
  const end = formatZonedDateTime(contest.end_date, contest.time_zone);
  const winnerCount = contest.winners.length;
  const contestants = contest.contestants;
  const groups = contest.groups;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-xl border border-night-700 bg-night-900 p-5 shadow-xl"
      data-testid="completed-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-bone-400">{contest.end_date ? t`Ended ${end}` : t`Ended`}</p>
        <StatusBadge status="Past" />
      </div>
      <h3 id={titleId} className="mt-3 font-display text-2xl font-bold text-bone-50">
        {contest.name}
      </h3>
      <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-bone-200">{contest.description}</p>
      <h4 className="mt-4 flex items-center gap-1 text-sm font-semibold text-bone-400">
        <Trophy aria-hidden="true" className="size-4 text-blood-400" /> {t`${plural(winnerCount, { one: 'Winner', other: 'Winners' })}`}
      </h4>
      <ol className="mt-2 space-y-1 text-sm">
        {contest.winners.map((w) => {
          const name = `${w.first_name} ${w.last_name}`.trim() || w.username;
          return (
            <li key={w.entry_id}>
              <span className="text-bone-400">{ct(ordinal(w.place))} </span>
              <Link to={paths.profile(w.username)} className="font-semibold text-bone-50 hover:text-blood-300">
                {name}
              </Link>
            </li>
          );
        })}
      </ol>
      <p className="mt-auto flex items-center gap-1 pt-4 text-sm text-bone-400">
        <Users aria-hidden="true" className="size-4" /> {t`${contestants} in ${plural(groups, { one: '# group', other: '# groups' })}`}
      </p>
    </article>
  );
}
