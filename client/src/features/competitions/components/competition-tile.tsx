// One sample competition as a card.
import { Trans, useLingui } from '@lingui/react/macro';
import { Trophy, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import type { CompetitionCard } from '../content/competitions';
import { StatusBadge } from './status-badge';

export function CompetitionTile({ card }: { card: CompetitionCard }) {
  const titleId = `competition-${card.id}`;
  const { t, i18n } = useLingui();
  const theme = i18n._(card.theme);
  const participants = card.participants;
  const groups = card.groups;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col overflow-hidden rounded-xl border border-night-700 bg-night-900 shadow-xl"
      data-testid="competition-card"
    >
      <img src={card.image} alt="" className="aspect-[4/3] w-full object-cover" />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-bone-400">{card.monthYear}</p>
          <StatusBadge status={card.status} />
        </div>
        <h3 id={titleId} className="mt-3 font-display text-2xl font-bold text-bone-50">
          {theme}
        </h3>
        <p className="mt-2 flex-1 text-sm leading-relaxed text-bone-200">{i18n._(card.description)}</p>
        <dl className="mt-4 space-y-1 text-sm text-bone-200">
          {card.winner ? (
            <div className="flex items-center gap-2">
              <dt className="flex items-center gap-1 text-bone-400">
                <Trophy aria-hidden="true" className="size-4 text-blood-400" /> <Trans>Winner:</Trans>
              </dt>
              <dd className="font-semibold text-bone-50">{card.winner}</dd>
            </div>
          ) : (
            <div className="flex gap-2">
              <dt className="text-bone-400">
                <Trans>Deadline:</Trans>
              </dt>
              <dd>{card.deadline}</dd>
            </div>
          )}
          {card.participants > 0 ? (
            <div className="flex items-center gap-2">
              <dt className="flex items-center gap-1 text-bone-400">
                <Users aria-hidden="true" className="size-4" /> <Trans>Participants:</Trans>
              </dt>
              <dd>
                <Trans>
                  {participants} in {groups} groups
                </Trans>
              </dd>
            </div>
          ) : null}
        </dl>
        <Link
          to={paths.competition(card.id)}
          className="mt-5 text-sm font-semibold text-blood-300 hover:text-blood-400"
          aria-label={t`Learn more about ${theme}`}
        >
          <Trans>Learn more →</Trans>
        </Link>
      </div>
    </article>
  );
}
