// /competitions/:id: one sample competition in full; an unknown id gets a friendly not-found.
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { PageTitle } from '@/components/layout/page-title';
import { buttonClass } from '@/components/ui/button-styles';
import { MessagePage } from '@/components/ui/message-page';
import { paths } from '@/lib/paths';
import { StatusBadge } from '../components/status-badge';
import { findCompetition } from '../content/competitions';

export function CompetitionDetailPage() {
  const { id } = useParams();
  const card = findCompetition(id);
  const { t, i18n } = useLingui();
  if (!card) {
    return (
      <MessagePage mark="?" title={t`Competition not found`}>
        <PageTitle name={t`Competition Not Found`} />
        <p>
          <Trans>We could not find that competition. It may have ended long ago, or the link is mistyped.</Trans>
        </p>
        <Link to={paths.competitions()} className={buttonClass('primary', 'md')}>
          <Trans>Back to Competitions</Trans>
        </Link>
      </MessagePage>
    );
  }
  const theme = i18n._(card.theme);
  const groups = card.groups;
  const facts: [string, string][] = [
    [t`Month`, card.monthYear],
    [t`Entry deadline`, card.deadline],
    [t`Prize`, i18n._(card.prize)],
    [t`Groups`, t`${groups} groups of up to 30`],
  ];
  if (card.participants > 0) facts.push([t`Participants`, String(card.participants)]);
  if (card.winner) facts.push([t`Winner`, card.winner]);

  return (
    <article className="grain px-4 py-12 sm:px-6 lg:py-16">
      <PageTitle name={theme} />
      <div className="mx-auto max-w-4xl">
        <Link to={paths.competitions()} className="inline-flex items-center gap-2 text-sm font-semibold text-bone-200 hover:text-blood-300">
          <ArrowLeft aria-hidden="true" className="size-4" />
          <Trans>All competitions</Trans>
        </Link>
        <img src={card.image} alt="" className="mt-6 aspect-[16/9] w-full rounded-2xl border border-night-700 object-cover" />
        <div className="mt-8 flex flex-wrap items-center gap-3">
          <StatusBadge status={card.status} />
          <span className="text-xs font-semibold uppercase tracking-[0.2em] text-bone-400">{card.monthYear}</span>
        </div>
        <h1 className="mt-3 font-display text-4xl font-bold tracking-tight text-bone-50 sm:text-5xl">{theme}</h1>
        <p className="mt-5 text-lg leading-relaxed text-bone-200">{i18n._(card.description)}</p>
        <dl className="mt-8 grid gap-4 rounded-xl border border-night-700 bg-night-900/80 p-6 sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs font-semibold uppercase tracking-[0.2em] text-bone-400">{label}</dt>
              <dd className="mt-1 text-bone-50">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          {card.status === 'Past' ? (
            <Link to={paths.competitions({ hash: 'coming-soon' })} className={buttonClass('primary', 'md')}>
              <Trans>See What Is Coming Next</Trans>
            </Link>
          ) : (
            <Link to={paths.register()} className={buttonClass('primary', 'md')}>
              <Trans>Enter Competition</Trans>
            </Link>
          )}
          <Link to={paths.leaderboard()} className={buttonClass('outline', 'md')}>
            <Trans>View Leaderboard</Trans>
          </Link>
        </div>
      </div>
    </article>
  );
}
