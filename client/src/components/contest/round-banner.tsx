// The round votes count towards now, for fans: its name, the time left to its cut (by the server's
// clock) and the cut's moment in the contest's own time zone, and how many go on.
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Scissors } from 'lucide-react';
import type { ContestRound } from '#contract/contests/answers';
import { useNow } from '@/hooks/use-now';
import { cutLimitOf } from '@/lib/contest-cut';
import { formatZonedDateTime } from '@/lib/dates';
import { timeLeft } from '@/lib/server-clock';

type Cut = { limit: number; overall: boolean };

/** How many of a round's field go on, in words: 'Top 4 of each group go on', with what follows it in the same sentence. */
export function useCutTexts() {
  const { t } = useLingui();
  // One object per language: a page's memoized parts take it as a dependency.
  return useMemo(
    () => ({
      /** 'Top 4 of each group go on' */
      rule: ({ limit, overall }: Cut) => (overall ? t`Top ${limit} go on` : t`Top ${limit} of each group go on`),
      /** 'Top 4 of each group go on; the rest are eliminated.' */
      ruleAndRest: ({ limit, overall }: Cut) =>
        overall ? t`Top ${limit} go on; the rest are eliminated.` : t`Top ${limit} of each group go on; the rest are eliminated.`,
      /** The cut line on a leaderboard: 'Top 4 of each group go on · below the cut'. */
      line: ({ limit, overall }: Cut) => (overall ? t`Top ${limit} go on · below the cut` : t`Top ${limit} of each group go on · below the cut`),
    }),
    [t],
  );
}

/** "4d 23h 10m" (seconds only in the last minute), and the same in words for screen readers, in the app's language. */
export function useShortTimeLeft(): (ms: number) => { text: string; words: string } {
  const { t } = useLingui();
  return (ms) => {
    const { days, hours, minutes, seconds } = timeLeft(ms);
    if (days === 0 && hours === 0 && minutes === 0) {
      return { text: t`${seconds}s`, words: t`${plural(seconds, { one: '# second', other: '# seconds' })}` };
    }
    const parts: [number, string, string][] = [
      [days, t`${days}d`, t`${plural(days, { one: '# day', other: '# days' })}`],
      [hours, t`${hours}h`, t`${plural(hours, { one: '# hour', other: '# hours' })}`],
      [minutes, t`${minutes}m`, t`${plural(minutes, { one: '# minute', other: '# minutes' })}`],
    ];
    const shown = parts.slice(parts.findIndex(([n]) => n > 0));
    return { text: shown.map(([, s]) => s).join(' '), words: shown.map(([, , w]) => w).join(', ') };
  };
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
  const { t } = useLingui();
  const cutTexts = useCutTexts();
  const shortTimeLeft = useShortTimeLeft();
  const now = useNow(1000) + offsetMs;
  const cut = cutLimitOf(round);
  const endsAt = Date.parse(round.ends_at);
  const due = now >= endsAt;
  const left = shortTimeLeft(endsAt - now);
  const words = left.words;
  const when = formatZonedDateTime(round.ends_at, timeZone);
  const position = round.position;
  return (
    <section aria-label={t`Current round`} className={`rounded-xl border border-blood-700/60 bg-night-900/80 p-4 ${className}`}>
      <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-[0.2em] text-blood-400">
        <Scissors aria-hidden="true" className="size-4" />
        {t`Round ${position} of ${roundCount}`}
      </p>
      <h2 className="mt-1 text-lg font-bold text-bone-50">{round.name}</h2>
      <p className="mt-1 text-sm text-bone-200">
        {due ? (
          <span className="font-semibold text-amber-300">{cut ? t`The cut is being made now` : t`Voting has closed; the winners are being named`}</span>
        ) : (
          <>
            {cut ? t`Cut in` : t`Voting ends in`}{' '}
            <span role="timer" aria-label={cut ? t`Cut in ${words}` : t`Voting ends in ${words}`} className="font-display font-bold tabular-nums text-bone-50">
              {left.text}
            </span>
          </>
        )}
        {' · '}
        <time dateTime={round.ends_at}>{when}</time>
      </p>
      <p className="mt-1 text-sm font-semibold text-bone-50">{cut ? cutTexts.ruleAndRest(cut) : t`The final round: the most votes win.`}</p>
    </section>
  );
}
