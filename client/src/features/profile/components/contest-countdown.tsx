// The current contest on a profile (docs/product.md#contests-groups-and-eliminations): its name, a countdown to
// the start if it has not started, else to the end (none without an end, none once ended), and the
// status line. Ticks every second by the server's clock.
import { CalendarClock } from 'lucide-react';
import { PROFILE_MESSAGES as P } from '#contract/votes';
import { useNow } from '@/hooks/use-now';
import { contestPhase, timeLeft, type ContestPhase } from '@/lib/server-clock';
import type { Countdown } from '../api/get-countdown';

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
  const target = phase === 'upcoming' ? countdown.start_date : phase === 'active' ? countdown.end_date : null;
  const left = target ? timeLeft(Date.parse(target) - now) : null;
  const label = phase === 'upcoming' ? 'Voting starts in' : 'Voting ends in';
  return (
    <section aria-label="Current contest" className="rounded-xl border border-night-600 bg-night-800/70 p-4">
      <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-[0.2em] text-blood-400">
        <CalendarClock aria-hidden="true" className="size-4" /> Current contest
      </p>
      <h2 className="mt-1 text-lg font-bold text-bone-50">{countdown.contest_name}</h2>
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
      <p className={`mt-3 text-sm font-semibold ${STATUS_TONE[phase]}`}>{STATUS[phase]}</p>
    </section>
  );
}
