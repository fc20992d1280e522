// The contest page's rounds: each with its end, its cut and its state; the open rounds' cuts can be
// previewed at today's counts (who goes on, who would be eliminated, or the last round's winners).
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Contest, ContestRound, RoundCutPreview } from '#contract/contests/answers';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { describeError } from '@/lib/api/api-error';
import { asyncHandler } from '@/lib/async-handler';
import { formatZonedDateTime } from '@/lib/dates';
import { useContractText } from '@/lib/i18n/contract-text';
import { useLazyGetRoundCutQuery } from '../api/get-round-cut';
import { NamedWinners } from '@/components/contest/named-winners';
import { formatCount } from '@/lib/numbers';

/** The preview table's columns: label and alignment. */
const COLUMNS: readonly (readonly [MessageDescriptor, string])[] = [
  [msg`Rank`, ''],
  [msg`Contestant`, ''],
  [msg`Group`, ''],
  [msg`Votes`, 'text-right'],
  [msg`Result`, ''],
];

const STATE_BADGE = {
  upcoming: ['gray', msg`Upcoming`],
  running: ['green', msg`Running`],
  closed: ['amber', msg`Closed`],
} as const;

/** "Top 5 of each group go on", "Top 20 of the contest go on", or the last round's "Names 3 winners", in `i18n`'s language. */
export function cutText(round: ContestRound, winners: number, i18n: I18n): string {
  const perGroup = round.advance_per_group;
  const total = round.advance_total;
  if (perGroup !== null) return i18n._(msg`Top ${perGroup} of each group go on`);
  if (total !== null) return i18n._(msg`Top ${total} of the contest go on`);
  return i18n._(msg`${plural(winners, { one: 'Names # winner', other: 'Names # winners' })}`);
}

function CutPreview({ preview }: { preview: RoundCutPreview }) {
  const { t, i18n } = useLingui();
  const kept = preview.last ? t`Wins` : t`Goes on`;
  const dropped = preview.last ? '—' : t`Out`;
  const advancing = preview.advancing;
  const eliminated = preview.eliminated;
  const roundName = preview.round.name;
  return (
    <div className="mt-4 space-y-3">
      <p role="status" className="text-sm text-bone-200">
        {preview.last
          ? t`${plural(advancing, { one: "At today's counts, # contestant would win.", other: "At today's counts, # contestants would win." })}`
          : t`At today's counts, ${advancing} would go on and ${eliminated} would be eliminated.`}{' '}
        <Trans>Ties at the cut all go on.</Trans>
      </p>
      {preview.entries.length ? (
        <div className="overflow-x-auto rounded-lg border border-night-700">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              <Trans>The cut of {roundName} at today&apos;s counts</Trans>
            </caption>
            <thead className="bg-night-800 text-bone-300">
              <tr>
                {COLUMNS.map(([label, align]) => (
                  <th key={label.id} scope="col" className={`px-3 py-2 ${align}`}>
                    {i18n._(label)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.entries.map((e) => {
                const groupNumber = e.group_number;
                return (
                  <tr key={e.entry_id} className="border-t border-night-700">
                    <td className="px-3 py-2 tabular-nums">{e.rank}</td>
                    <td className="px-3 py-2">@{e.username}</td>
                    <td className="px-3 py-2">{t`Group ${groupNumber}`}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatCount(e.votes)}</td>
                    <td className="px-3 py-2">{e.advances ? <Badge tone="green">{kept}</Badge> : <span className="text-bone-400">{dropped}</span>}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-sm text-bone-400">
          <Trans>No contestants are in the race yet.</Trans>
        </p>
      )}
    </div>
  );
}

function RoundItem({ contest, round }: { contest: Contest; round: ContestRound }) {
  const [load, { data, isFetching, error, isError }] = useLazyGetRoundCutQuery();
  const [tone, label] = STATE_BADGE[round.state];
  const { t, i18n } = useLingui();
  const ct = useContractText();
  const position = round.position;
  const name = round.name;
  const end = formatZonedDateTime(round.ends_at, contest.time_zone);
  const problem = isError ? ct(describeError(error)) : '';
  return (
    <li className="rounded-lg border border-night-700 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 className="font-semibold text-bone-50">
            <Trans>
              Round {position}: {name}
            </Trans>{' '}
            <Badge tone={tone}>{i18n._(label)}</Badge>
          </h3>
          <p className="mt-1 text-sm text-bone-300">
            {round.state === 'closed' ? t`Ended ${end}` : t`Ends ${end}`} · {cutText(round, contest.winners, i18n)}
          </p>
        </div>
        {round.state === 'closed' ? null : (
          <Button
            variant="outline"
            onClick={asyncHandler(async () => void (await load({ contestId: contest.id, position: round.position })))}
            disabled={isFetching}
            aria-busy={isFetching}
          >
            {isFetching ? t`Loading...` : data ? t`Refresh preview` : t`Preview cut`}
          </Button>
        )}
      </div>
      {isError ? (
        <p role="alert" className="mt-3 text-sm text-blood-300">
          <Trans>Failed to load the preview: {problem}</Trans>
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
        <Trans>Rounds</Trans>
      </h2>
      {contest.rounds.length ? (
        <>
          <p className="mt-2 text-sm text-bone-300">
            <Trans>Each cut runs by itself at its round&apos;s end; you can still eliminate contestants by hand.</Trans>
          </p>
          <NamedWinners winners={contest.named_winners} className="mt-3" />
          <ol className="mt-4 space-y-3">
            {contest.rounds.map((round) => (
              <RoundItem key={round.id} contest={contest} round={round} />
            ))}
          </ol>
        </>
      ) : (
        <p className="mt-2 text-sm text-bone-300">
          <Trans>No rounds: contestants are eliminated by hand. Add rounds in Edit Contest to cut the field automatically.</Trans>
        </p>
      )}
    </section>
  );
}
