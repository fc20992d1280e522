// The current contest on a profile (docs/product.md#contests-groups-and-eliminations): its name, a countdown to
// the start if it has not started, else to the running round's cut (the contest's end in its last
// round or without rounds; none without an end, none once ended), the round's name, its cut's moment
// in the contest's time zone and how many go on, and the status line. Ticks every second by the server's clock.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarClock } from 'lucide-react';
import { PROFILE_MESSAGES as P } from '#contract/profiles/messages';
import { useNow } from '@/hooks/use-now';
import type { Countdown } from '@/lib/api/countdown';
import { useCutTexts } from '@/components/contest/round-banner';
import { cutLimitOf, runningRoundOf } from '@/lib/contest-cut';
import { formatZonedDateTime } from '@/lib/dates';
import { useContractText } from '@/lib/i18n/contract-text';
import { contestPhase, timeLeft, type ContestPhase } from '@/lib/server-clock';

const STATUS: Record<ContestPhase, string> = { upcoming: P.comingSoon, active: P.votingActive, ended: P.ended };
const STATUS_TONE: Record<ContestPhase, string> = { upcoming: 'text-amber-300', active: 'text-emerald-300', ended: 'text-bone-400' };

function Unit({ value, label }: { value: number; label: string }) {
  return (
    <div className="flex min-w-14 flex-col items-center rounded-lg border border-night-600 bg-night-950/70 px-2 py-1.5">
      <span className="font-display text-2xl font-bold tabular-nums text-bone-50">{String(value).padStart(2, '0')}</span>
      <span className="text-[0.65rem] uppercase tracking-wider text-bone-400">{label}</span>
    </div>
  );
}

export function ContestCountdown({ countdown }: { countdown: Countdown }) {
  const { t } = useLingui();
  const ct = useContractText();
  const cutTexts = useCutTexts();
  /** The timer's one label for screen readers: 'Voting ends in 2 days, 3 hours, 1 minute'. */
  const timerLabel = (label: string, { days, hours, minutes }: { days: number; hours: number; minutes: number }) =>
    t`${label} ${plural(days, { one: '# day', other: '# days' })}, ${plural(hours, { one: '# hour', other: '# hours' })}, ${plural(minutes, { one: '# minute', other: '# minutes' })}`;
  const now = useNow(1000) + countdown.offset_ms;
  const phase = contestPhase(now, countdown.start_date, countdown.end_date);
  const round = phase === 'active' ? runningRoundOf(countdown) : null;
  const cut = cutLimitOf(round);
  const roundEnd = round && Date.parse(round.ends_at) > now ? round.ends_at : null;
  const target = phase === 'upcoming' ? countdown.start_date : phase === 'active' ? (roundEnd ?? countdown.end_date) : null;
  const left = target ? timeLeft(Date.parse(target) - now) : null;
  const roundName = round?.name ?? '';
  const label = phase === 'upcoming' ? t`Voting starts in` : round && cut && roundEnd ? t`${roundName} cut in` : t`Voting ends in`;
  const position = round?.position ?? 0;
  const roundCount = countdown.rounds.length;
  const when = round ? formatZonedDateTime(round.ends_at, countdown.time_zone) : '';
  return (
    <section aria-label={t`Current contest`} className="rounded-xl border border-night-600 bg-night-800/70 p-4">
      <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-[0.2em] text-blood-400">
        <CalendarClock aria-hidden="true" className="size-4" /> <Trans>Current contest</Trans>
      </p>
      <h2 className="mt-1 text-lg font-bold text-bone-50">{countdown.contest_name}</h2>
      {round ? (
        <p className="text-sm text-bone-200">
          <Trans>
            Round {position} of {roundCount}: <span className="font-semibold text-bone-50">{roundName}</span>
          </Trans>
        </p>
      ) : null}
      {left ? (
        <div className="mt-3">
          <p className="text-sm text-bone-200">{label}</p>
          {/* One label for screen readers instead of four ticking numbers. */}
          <div role="timer" aria-label={timerLabel(label, left)} className="mt-1.5 flex gap-2">
            <Unit value={left.days} label={t`Days`} />
            <Unit value={left.hours} label={t`Hours`} />
            <Unit value={left.minutes} label={t`Minutes`} />
            <Unit value={left.seconds} label={t`Seconds`} />
          </div>
        </div>
      ) : null}
      {round ? (
        <p className="mt-2 text-sm text-bone-200">
          {cut ? (
            roundEnd ? (
              <Trans>
                Cut at <time dateTime={round.ends_at}>{when}</time>
              </Trans>
            ) : (
              <Trans>
                The cut is being made now · <time dateTime={round.ends_at}>{when}</time>
              </Trans>
            )
          ) : (
            <Trans>
              Final round ends <time dateTime={round.ends_at}>{when}</time>
            </Trans>
          )}
          {cut ? <span className="block font-semibold text-bone-50">{cutTexts.ruleAndRest(cut)}</span> : null}
        </p>
      ) : null}
      <p className={`mt-3 text-sm font-semibold ${STATUS_TONE[phase]}`}>{ct(STATUS[phase])}</p>
    </section>
  );
}
