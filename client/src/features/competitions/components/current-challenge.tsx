// 'Current Challenge': the real current contest when the server has one (name, dates,
// a link to the leaderboard), otherwise the sample's active card.
import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarDays, Trophy } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { Contest } from '#contract/contests/answers';
import { buttonClass } from '@/components/ui/button-styles';
import { intlLocale } from '@/lib/dates';
import { paths } from '@/lib/paths';
import type { CompetitionCard } from '../content/competitions';
import { StatusBadge } from './status-badge';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** "July 29, 2025" (in the app's language: "29 de julho de 2025"); empty for a missing or unreadable value. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const locale = intlLocale();
  let format = dayFormats.get(locale);
  if (!format) dayFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { month: 'long', day: 'numeric', year: 'numeric' })));
  return format.format(date);
}

const frame = 'mx-auto grid max-w-6xl overflow-hidden rounded-2xl border border-blood-700/60 bg-night-900 shadow-[0_0_60px_rgb(138_12_20/0.3)] md:grid-cols-2';

export function CurrentChallenge({ contest, sample }: { contest?: Contest; sample?: CompetitionCard }) {
  const { i18n } = useLingui();
  if (contest) {
    const end = formatDay(contest.end_date);
    return (
      <div className={frame} data-testid="current-challenge">
        <div className="flex min-h-48 items-center justify-center bg-linear-to-br from-blood-900 via-night-900 to-night-950 p-8">
          <Trophy aria-hidden="true" className="size-24 text-blood-500" />
        </div>
        <div className="p-6 sm:p-8">
          <StatusBadge status="Active" />
          <h3 className="mt-3 font-display text-3xl font-bold text-bone-50">{contest.name}</h3>
          {contest.description ? <p className="mt-3 leading-relaxed text-bone-200">{contest.description}</p> : null}
          <p className="mt-4 flex items-center gap-2 text-sm text-bone-200">
            <CalendarDays aria-hidden="true" className="size-4 text-blood-400" />
            <span>
              {formatDay(contest.start_date)}
              {end ? ` – ${end}` : ''}
            </span>
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Link to={paths.register()} className={buttonClass('primary', 'md')}>
              <Trans>Enter Competition</Trans>
            </Link>
            <Link to={paths.leaderboard()} className={buttonClass('outline', 'md')}>
              <Trans>View Leaderboard</Trans>
            </Link>
          </div>
        </div>
      </div>
    );
  }
  if (!sample) return null;
  return (
    <div className={frame} data-testid="current-challenge">
      <img src={sample.image} alt="" className="aspect-[4/3] size-full object-cover md:aspect-auto" />
      <div className="p-6 sm:p-8">
        <div className="flex flex-wrap items-center gap-3">
          <StatusBadge status={sample.status} />
          <span className="text-xs font-semibold uppercase tracking-[0.2em] text-bone-400">{sample.monthYear}</span>
        </div>
        <h3 className="mt-3 font-display text-3xl font-bold text-bone-50">{i18n._(sample.theme)}</h3>
        <p className="mt-3 leading-relaxed text-bone-200">{i18n._(sample.description)}</p>
        <dl className="mt-4 space-y-1 text-sm text-bone-200">
          <div className="flex gap-2">
            <dt className="text-bone-400">
              <Trans>Prize:</Trans>
            </dt>
            <dd>{i18n._(sample.prize)}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-bone-400">
              <Trans>Deadline:</Trans>
            </dt>
            <dd>{sample.deadline}</dd>
          </div>
        </dl>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to={paths.register()} className={buttonClass('primary', 'md')}>
            <Trans>Enter Competition</Trans>
          </Link>
          <Link to={paths.competition(sample.id)} className={buttonClass('outline', 'md')}>
            <Trans>Learn More</Trans>
          </Link>
        </div>
      </div>
    </div>
  );
}
