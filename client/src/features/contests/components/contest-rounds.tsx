// The contest page's rounds: each with its end, its cut and its state; the open rounds' cuts can be
// previewed at today's counts (who goes on, who would be eliminated, or the last round's winners).
import type { Contest, ContestRound, RoundCutPreview } from '#contract/contests/answers';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { describeError } from '@/lib/api/api-error';
import { asyncHandler } from '@/lib/async-handler';
import { formatZonedDateTime } from '@/lib/dates';
import { useLazyGetRoundCutQuery } from '../api/get-round-cut';
import { NamedWinners } from '@/components/contest/named-winners';
import { formatCount } from '@/lib/numbers';

/** The preview table's columns: label and alignment. */
const COLUMNS = [
  ['Rank', ''],
  ['Contestant', ''],
  ['Group', ''],
  ['Votes', 'text-right'],
  ['Result', ''],
] as const;

const STATE_BADGE = { upcoming: ['gray', 'Upcoming'], running: ['green', 'Running'], closed: ['amber', 'Closed'] } as const;

/** "Top 5 of each group go on", "Top 20 of the contest go on", or the last round's "Names 3 winners". */
export function cutText(round: ContestRound, winners: number): string {
  if (round.advance_per_group !== null) return `Top ${round.advance_per_group} of each group go on`;
  if (round.advance_total !== null) return `Top ${round.advance_total} of the contest go on`;
  return `Names ${winners} ${winners === 1 ? 'winner' : 'winners'}`;
}

function CutPreview({ preview }: { preview: RoundCutPreview }) {
  const kept = preview.last ? 'Wins' : 'Goes on';
  const dropped = preview.last ? '—' : 'Out';
  return (
    <div className="mt-4 space-y-3">
      <p role="status" className="text-sm text-bone-200">
        {preview.last
          ? `At today's counts, ${preview.advancing} ${preview.advancing === 1 ? 'contestant would win' : 'contestants would win'}.`
          : `At today's counts, ${preview.advancing} would go on and ${preview.eliminated} would be eliminated.`}{' '}
        Ties at the cut all go on.
      </p>
      {preview.entries.length ? (
        <div className="overflow-x-auto rounded-lg border border-night-700">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">The cut of {preview.round.name} at today&apos;s counts</caption>
            <thead className="bg-night-800 text-bone-300">
              <tr>
                {COLUMNS.map(([label, align]) => (
                  <th key={label} scope="col" className={`px-3 py-2 ${align}`}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.entries.map((e) => (
                <tr key={e.entry_id} className="border-t border-night-700">
                  <td className="px-3 py-2 tabular-nums">{e.rank}</td>
                  <td className="px-3 py-2">@{e.username}</td>
                  <td className="px-3 py-2">Group {e.group_number}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatCount(e.votes)}</td>
                  <td className="px-3 py-2">{e.advances ? <Badge tone="green">{kept}</Badge> : <span className="text-bone-400">{dropped}</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-sm text-bone-400">No contestants are in the race yet.</p>
      )}
    </div>
  );
}

function RoundItem({ contest, round }: { contest: Contest; round: ContestRound }) {
  const [load, { data, isFetching, error, isError }] = useLazyGetRoundCutQuery();
  const [tone, label] = STATE_BADGE[round.state];
  return (
    <li className="rounded-lg border border-night-700 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 className="font-semibold text-bone-50">
            Round {round.position}: {round.name} <Badge tone={tone}>{label}</Badge>
          </h3>
          <p className="mt-1 text-sm text-bone-300">
            {round.state === 'closed' ? 'Ended' : 'Ends'} {formatZonedDateTime(round.ends_at, contest.time_zone)} · {cutText(round, contest.winners)}
          </p>
        </div>
        {round.state === 'closed' ? null : (
          <Button
            variant="outline"
            onClick={asyncHandler(async () => void (await load({ contestId: contest.id, position: round.position })))}
            disabled={isFetching}
            aria-busy={isFetching}
          >
            {isFetching ? 'Loading...' : data ? 'Refresh preview' : 'Preview cut'}
          </Button>
        )}
      </div>
      {isError ? (
        <p role="alert" className="mt-3 text-sm text-blood-300">
          Failed to load the preview: {describeError(error)}
        </p>
      ) : null}
      {data && !isError ? <CutPreview preview={data} /> : null}
    </li>
  );
}

export function ContestRounds({ contest }: { contest: Contest }) {
  return (
    <section aria-labelledby="rounds-heading" className="mt-6 rounded-xl border border-night-700 bg-night-900/90 p-6 shadow-xl">
      <h2 id="rounds-heading" className="text-sm font-semibold uppercase tracking-wider text-bone-400">
        Rounds
      </h2>
      {contest.rounds.length ? (
        <>
          <p className="mt-2 text-sm text-bone-300">Each cut runs by itself at its round&apos;s end; you can still eliminate contestants by hand.</p>
          <NamedWinners winners={contest.named_winners} className="mt-3" />
          <ol className="mt-4 space-y-3">
            {contest.rounds.map((round) => (
              <RoundItem key={round.id} contest={contest} round={round} />
            ))}
          </ol>
        </>
      ) : (
        <p className="mt-2 text-sm text-bone-300">No rounds: contestants are eliminated by hand. Add rounds in Edit Contest to cut the field automatically.</p>
      )}
    </section>
  );
}
