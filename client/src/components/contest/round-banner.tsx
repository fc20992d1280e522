// The round votes count towards now, for fans: its name, the time left to its cut (by the server's
// clock) and the cut's moment in the contest's own time zone, and how many go on.
import { Scissors } from 'lucide-react';
import type { ContestRound } from '#contract/contests/answers';
import { useNow } from '@/hooks/use-now';
import { cutLimitOf, cutRuleText } from '@/lib/contest-cut';
import { formatZonedDateTime } from '@/lib/dates';
import { timeLeft } from '@/lib/server-clock';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "4d 23h 10m" (seconds only in the last minute), and the same in words for screen readers. */
export function shortTimeLeft(ms: number): { text: string; words: string } {
  const { days, hours, minutes, seconds } = timeLeft(ms);
  if (days === 0 && hours === 0 && minutes === 0) return { text: `${seconds}s`, words: plural(seconds, 'second') };
  const parts: [number, string, string][] = [
    [days, 'd', 'day'],
    [hours, 'h', 'hour'],
    [minutes, 'm', 'minute'],
  ];
  const shown = parts.slice(parts.findIndex(([n]) => n > 0));
  return { text: shown.map(([n, s]) => `${n}${s}`).join(' '), words: shown.map(([n, , w]) => plural(n, w)).join(', ') };
}

interface Props {
  round: ContestRound;
  /** The contest's IANA time zone. */
  timeZone: string;
  /** The server's clock minus this device's. */
  offsetMs: number;
  /** How many rounds the contest has, for "Round 1 of 3". */
  roundCount: number;
  className?: string;
}

export function RoundBanner({ round, timeZone, offsetMs, roundCount, className = '' }: Props) {
  const now = useNow(1000) + offsetMs;
  const cut = cutLimitOf(round);
  const endsAt = Date.parse(round.ends_at);
  const due = now >= endsAt;
  const left = shortTimeLeft(endsAt - now);
  const what = cut ? 'Cut' : 'Voting ends';
  const when = formatZonedDateTime(round.ends_at, timeZone);
  return (
    <section aria-label="Current round" className={`rounded-xl border border-blood-700/60 bg-night-900/80 p-4 ${className}`}>
      <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-[0.2em] text-blood-400">
        <Scissors aria-hidden="true" className="size-4" />
        {`Round ${round.position} of ${roundCount}`}
      </p>
      <h2 className="mt-1 text-lg font-bold text-bone-50">{round.name}</h2>
      <p className="mt-1 text-sm text-bone-200">
        {due ? (
          <span className="font-semibold text-amber-300">{cut ? 'The cut is being made now' : 'Voting has closed; the winners are being named'}</span>
        ) : (
          <>
            {`${what} in `}
            <span role="timer" aria-label={`${what} in ${left.words}`} className="font-display font-bold tabular-nums text-bone-50">
              {left.text}
            </span>
          </>
        )}
        {' · '}
        <time dateTime={round.ends_at}>{when}</time>
      </p>
      <p className="mt-1 text-sm font-semibold text-bone-50">
        {cut ? `${cutRuleText(cut)}; the rest are eliminated.` : 'The final round: the most votes win.'}
      </p>
    </section>
  );
}
