// The current contest on a profile (docs/product.md#contests-groups-and-eliminations): its name, a countdown to
// the start if it has not started, else to the running round's cut (the contest's end in its last
// round or without rounds; none without an end, none once ended), the round's name, its cut's moment
// in the contest's time zone and how many go on, and the status line. Ticks every second by the server's clock.
import { CalendarClock } from 'lucide-react';
import { PROFILE_MESSAGES as P } from '#contract/profiles/messages';
import { useNow } from '@/hooks/use-now';
import type { Countdown } from '@/lib/api/countdown';
import { cutLimitOf, cutRuleText, runningRoundOf } from '@/lib/contest-cut';
import { formatZonedDateTime } from '@/lib/dates';
import { contestPhase, timeLeft, type ContestPhase } from '@/lib/server-clock';

const STATUS: Record<ContestPhase, string> = { upcoming: P.comingSoon, active: P.votingActive, ended: P.ended };
const STATUS_TONE: Record<ContestPhase, string> = { upcoming: 'text-amber-300', active: 'text-emerald-300', ended: 'text-bone-400' };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function Unit({ value, label }: { value: number; label: string }) {
  return (
    <div className="flex min-w-14 flex-col items-center rounded-lg border border-night-600 bg-night-950/70 px-2 py-1.5">
      <span className="font-display text-2xl font-bold tabular-nums text-bone-50">{String(value).padStart(2, '0')}</span>
      <span className="text-[0.65rem] uppercase tracking-wider text-bone-400">{label}</span>
    </div>
  );
}

export function ContestCountdown({ countdown }: { countdown: Countdown }) {
  const now = useNow(1000) + countdown.offset_ms;
  const phase = contestPhase(now, countdown.start_date, countdown.end_date);
  const round = phase === 'active' ? runningRoundOf(countdown) : null;
  const cut = cutLimitOf(round);
  const roundEnd = round && Date.parse(round.ends_at) > now ? round.ends_at : null;
  const target = phase === 'upcoming' ? countdown.start_date : phase === 'active' ? (roundEnd ?? countdown.end_date) : null;
  const left = target ? timeLeft(Date.parse(target) - now) : null;
  const label = phase === 'upcoming' ? 'Voting starts in' : round && cut && roundEnd ? `${round.name} cut in` : 'Voting ends in';
  return (
    <section aria-label="Current contest" className="rounded-xl border border-night-600 bg-night-800/70 p-4">
      <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-[0.2em] text-blood-400">
        <CalendarClock aria-hidden="true" className="size-4" /> Current contest
      </p>
      <h2 className="mt-1 text-lg font-bold text-bone-50">{countdown.contest_name}</h2>
      {round ? (
        <p className="text-sm text-bone-200">
          {`Round ${round.position} of ${countdown.rounds.length}: `}
          <span className="font-semibold text-bone-50">{round.name}</span>
        </p>
      ) : null}
      {left ? (
        <div className="mt-3">
          <p className="text-sm text-bone-200">{label}</p>
          {/* One label for screen readers instead of four ticking numbers. */}
          <div
            role="timer"
            aria-label={`${label} ${plural(left.days, 'day')}, ${plural(left.hours, 'hour')}, ${plural(left.minutes, 'minute')}`}
            className="mt-1.5 flex gap-2"
          >
            <Unit value={left.days} label="Days" />
            <Unit value={left.hours} label="Hours" />
            <Unit value={left.minutes} label="Minutes" />
            <Unit value={left.seconds} label="Seconds" />
          </div>
        </div>
      ) : null}
      {round ? (
        <p className="mt-2 text-sm text-bone-200">
          {cut ? (roundEnd ? 'Cut at ' : 'The cut is being made now · ') : 'Final round ends '}
          <time dateTime={round.ends_at}>{formatZonedDateTime(round.ends_at, countdown.time_zone)}</time>
          {cut ? <span className="block font-semibold text-bone-50">{`${cutRuleText(cut)}; the rest are eliminated.`}</span> : null}
        </p>
      ) : null}
      <p className={`mt-3 text-sm font-semibold ${STATUS_TONE[phase]}`}>{STATUS[phase]}</p>
    </section>
  );
}
