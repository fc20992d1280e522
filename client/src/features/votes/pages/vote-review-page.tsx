// /admin/vote-review: the entries whose recent free votes the scoring flagged, each with the rules it
// tripped (in words and numbers), its busiest network blocks (keyed hashes, never addresses) and the
// voids already made; an admin voids free votes from a dialog, with a reason the contestant is shown.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { VOTE_FLAG_TITLES } from '#contract/votes/constants';
import { VOTE_REVIEW_MESSAGES as M } from '#contract/votes/messages';
import type { FlaggedEntry } from '#contract/votes/answers';
import { TextAreaField, TextField, SelectField } from '@/components/form/inputs';
import { FormAlert } from '@/components/form/form-alert';
import { VotesOverTimeCard } from '@/components/votes/votes-over-time-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageHeader, PageSection } from '@/components/ui/page-header';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import { describeError, errorDetail, validationItems, joinMessages } from '@/lib/api/api-error';
import { formatDateTime, localInputToIso, toLocalInputValue, viewerZoneLabel } from '@/lib/dates';
import { useContractText } from '@/lib/i18n/contract-text';
import { formatCount } from '@/lib/numbers';
import { notify } from '@/lib/toast';
import { useGetVoteReviewQuery } from '../api/get-vote-review';
import { useVoidVotesMutation } from '../api/void-votes';
import { paths } from '@/lib/paths';

/** A keyed hash as shown: its first 12 characters are enough to tell blocks apart. */
export const shortHash = (hash: string) => `${hash.slice(0, 12)}…`;

/** "1 vote", "1,234 votes" in the app's language. */
function useVotesWord() {
  const { t } = useLingui();
  return (n: number) => {
    const count = formatCount(n);
    return t`${plural(n, { one: `${count} vote`, other: `${count} votes` })}`;
  };
}

export function VoteReviewPage() {
  const { t } = useLingui();
  const ct = useContractText();
  const [params] = useSearchParams();
  const asked = Number(params.get('contest'));
  const contestId = Number.isInteger(asked) && asked > 0 ? asked : undefined;
  const query = useGetVoteReviewQuery({ contestId });
  const { data, isLoading, isError, error, refetch } = query;
  const [voiding, setVoiding] = useState<FlaggedEntry | null>(null);
  const detail = errorDetail(error);

  return (
    <PageSection>
      <PageHeader
        title={t`Vote Review`}
        subtitle={data ? <WindowSubtitle minutes={data.window_minutes} /> : t`Entries whose recent free votes tripped a rule.`}
      />
      {isLoading ? (
        <SkeletonGroup className="space-y-4">
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-48 w-full" />
        </SkeletonGroup>
      ) : isError || !data ? (
        <ErrorPanel message={detail ? ct(detail) : t`Could not load the vote review.`}>
          <Button variant="outline" onClick={() => void refetch()}>
            <Trans>Try Again</Trans>
          </Button>
        </ErrorPanel>
      ) : data.contest_id === null ? (
        <Empty>
          <Trans>There is no current contest. Open a contest&apos;s page and choose Review Votes to see its flags.</Trans>
        </Empty>
      ) : data.items.length === 0 ? (
        <Empty>
          <Trans>
            No entry is flagged. The running contest&apos;s free votes are scored again and again as they come in; flags appear here as they are found.
          </Trans>
        </Empty>
      ) : (
        <ul className="space-y-6" aria-label={t`Flagged entries`}>
          {data.items.map((entry) => (
            <li key={entry.entry_id}>
              <FlaggedEntryCard entry={entry} withChart={data.is_current_contest} onVoid={() => setVoiding(entry)} />
            </li>
          ))}
        </ul>
      )}
      {voiding ? <VoidVotesDialog entry={voiding} onClose={() => setVoiding(null)} /> : null}
    </PageSection>
  );
}

/** The subtitle once the scoring's window is known. */
function WindowSubtitle({ minutes }: { minutes: number }) {
  const { t } = useLingui();
  return <>{t`Entries whose free votes in the last ${minutes} minutes tripped a rule; flags stay listed for a day.`}</>;
}

function Empty({ children }: { children: ReactNode }) {
  return <div className="rounded-xl border border-night-700 bg-night-900/80 p-10 text-center text-bone-200">{children}</div>;
}

/** The latest void, when it came after every scoring that flagged the entry: those flags are settled by it. */
export const settlingVoid = (entry: FlaggedEntry) => (entry.active ? undefined : entry.reviews.find((r) => r.at >= entry.last_seen));

function FlaggedEntryCard({ entry, withChart, onVoid }: { entry: FlaggedEntry; withChart: boolean; onVoid: () => void }) {
  const { t } = useLingui();
  const ct = useContractText();
  const votesWord = useVotesWord();
  const headingId = useId();
  const settled = settlingVoid(entry);
  const name = entry.display_name;
  const group = entry.group_number;
  const votes = votesWord(entry.current_contest_votes);
  const free = formatCount(entry.free_votes);
  const paid = formatCount(entry.paid_votes);
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-night-700 bg-night-900/80 p-5 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-bone-50">
            {entry.display_name}{' '}
            <Link to={paths.profile(entry.username)} className="text-sm font-normal text-blood-300 underline underline-offset-4">
              @{entry.username}
            </Link>
          </h2>
          <p className="mt-1 text-sm text-bone-300">
            {group !== null ? t`Group ${group} · ${votes} (${free} free · ${paid} paid)` : t`${votes} (${free} free · ${paid} paid)`}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {entry.active ? (
            <Badge tone="red">
              <Trans>Flagged now</Trans>
            </Badge>
          ) : settled ? (
            <Badge tone="green">
              <Trans>Votes voided</Trans>
            </Badge>
          ) : (
            <Badge tone="amber">
              <Trans>Flagged earlier</Trans>
            </Badge>
          )}
          <Button variant="outline" onClick={onVoid} aria-haspopup="dialog" aria-label={t`Void votes of ${name}`}>
            <Trans>Void Votes…</Trans>
          </Button>
        </div>
      </div>

      <h3 className="mt-5 text-sm font-semibold uppercase tracking-wide text-bone-400">
        <Trans>Why it was flagged</Trans>
      </h3>
      {settled ? <SettledNote at={settled.at} /> : null}
      <ul className="mt-2 space-y-3">
        {entry.reasons.map((r) => (
          <li key={r.kind} className="rounded-lg border border-night-700 bg-night-950/60 p-3">
            <p className="font-medium text-bone-50">{ct(VOTE_FLAG_TITLES[r.kind])}</p>
            <p className="mt-1 text-sm text-bone-200">{ct(r.detail)}</p>
            <SeenLine since={r.since} lastSeen={entry.last_seen} />
          </li>
        ))}
      </ul>

      {/* The public chart (the current contest's): the surge, and the votes already voided, where they were cast. */}
      {withChart ? (
        <div className="mt-5">
          <VotesOverTimeCard username={entry.username} name={entry.display_name} title={t`Votes over time: ${name}`} />
        </div>
      ) : null}

      <div className="mt-5 grid gap-5 md:grid-cols-2">
        <div>
          <h3 id={`${headingId}-blocks`} className="mb-2 text-sm font-semibold uppercase tracking-wide text-bone-400">
            <Trans>Busiest network blocks, past day</Trans>
          </h3>
          <table aria-labelledby={`${headingId}-blocks`} className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-night-700 text-bone-400">
                <th scope="col" className="py-1 pr-3 font-medium">
                  <Trans>Block (keyed hash)</Trans>
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  <Trans>Free votes</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {entry.top_blocks.length ? (
                entry.top_blocks.map((b) => (
                  <tr key={b.network_hash} className="border-b border-night-800">
                    <td className="py-1 pr-3 font-mono text-bone-200" title={b.network_hash}>
                      {shortHash(b.network_hash)}
                    </td>
                    <td className="py-1 text-right text-bone-50">{formatCount(b.votes)}</td>
                  </tr>
                ))
              ) : (
                <tr>
                  <td colSpan={2} className="py-2 text-bone-400">
                    {entry.reviews.length ? t`No free votes left from any block in the past day: the rest were voided.` : t`No block recorded for these votes.`}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
        <div>
          <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-bone-400">
            <Trans>Voided so far</Trans>
          </h3>
          {entry.reviews.length ? (
            <ul className="space-y-2 text-sm">
              {entry.reviews.map((r) => (
                <VoidLine key={`${r.at}-${r.removed}`} at={r.at} removed={r.removed} reason={r.reason} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-bone-400">
              <Trans>None yet.</Trans>
            </p>
          )}
        </div>
      </div>
    </article>
  );
}

/** The entry's flags, settled by a void made after every scoring that flagged it. */
function SettledNote({ at }: { at: string }) {
  const when = formatDateTime(at);
  return (
    <p className="mt-2 text-sm text-bone-300">
      <Trans>
        Settled: these flags were last seen before the void of <time dateTime={at}>{when}</time>, and no scoring has flagged the entry since.
      </Trans>
    </p>
  );
}

/** When a reason began, and when the entry was last flagged. */
function SeenLine({ since, lastSeen }: { since: string; lastSeen: string }) {
  const sinceText = formatDateTime(since);
  const lastText = formatDateTime(lastSeen);
  return (
    <p className="mt-1 text-xs text-bone-400">
      <Trans>
        Since <time dateTime={since}>{sinceText}</time> · last seen <time dateTime={lastSeen}>{lastText}</time>
      </Trans>
    </p>
  );
}

/** One void already made: when, how many votes it removed, and the reason the admin gave (their own words). */
function VoidLine({ at, removed, reason }: { at: string; removed: number; reason: string }) {
  const votesWord = useVotesWord();
  const when = formatDateTime(at);
  const votes = votesWord(removed);
  return (
    <li className="text-bone-200">
      <Trans>
        <time dateTime={at}>{when}</time>: {votes} removed — {reason}
      </Trans>
    </li>
  );
}

/** The earliest time any of the entry's reasons began: where a void of the flagged votes starts. */
const earliestSince = (entry: FlaggedEntry) => entry.reasons.map((r) => r.since).sort()[0] ?? new Date(Date.now() - 3_600_000).toISOString();

function VoidVotesDialog({ entry, onClose }: { entry: FlaggedEntry; onClose: () => void }) {
  const { t } = useLingui();
  const ct = useContractText();
  const votesWord = useVotesWord();
  const name = entry.display_name;
  const [voidVotes, { isLoading }] = useVoidVotesMutation();
  const [from, setFrom] = useState(() => toLocalInputValue(earliestSince(entry)));
  // A minute ahead, so the votes counted while the dialog is open are inside the range too.
  const [to, setTo] = useState(() => toLocalInputValue(new Date(Date.now() + 60_000).toISOString()));
  const [network, setNetwork] = useState(entry.top_blocks[0]?.network_hash ?? '');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [zone] = useState(() => viewerZoneLabel());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!from || !to) {
      const rule = ct(M.time);
      return setProblem(t`From and To ${rule}.`);
    }
    if (reason.trim().length < 3 || reason.trim().length > 500) return setProblem(ct(M.reason));
    try {
      const result = await voidVotes({
        entry_id: entry.entry_id,
        from: localInputToIso(from),
        to: localInputToIso(to),
        ...(network ? { network } : {}),
        reason: reason.trim(),
      }).unwrap();
      const votes = votesWord(result.current_contest_votes);
      if (result.removed > 0) notify.success(ct(M.voided(result.removed)), t`${name} now has ${votes}.`);
      else notify.info(ct(M.nothingToVoid));
      onClose();
    } catch (err) {
      const items = validationItems(err);
      setProblem(ct(items ? joinMessages(items) : describeError(err)));
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      busy={isLoading}
      closeButton
      title={t`Void votes of ${name}`}
      description={t`Removes the matching free votes from the count at once, on every screen. The contestant sees how many were removed and your reason. Paid votes are never removed here.`}
    >
      <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-4" noValidate>
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        {/* One field a row: a datetime-local needs the dialog's whole width to show its minutes. */}
        <fieldset className="space-y-4">
          <legend className="mb-2 text-sm text-bone-300">
            <Trans>Time range, in your time zone: {zone}</Trans>
          </legend>
          <TextField label={t`From`} type="datetime-local" required value={from} onChange={(e) => setFrom(e.target.value)} />
          <TextField label={t`To`} type="datetime-local" required value={to} onChange={(e) => setTo(e.target.value)} />
        </fieldset>
        <SelectField
          label={t`Network`}
          value={network}
          onChange={(e) => setNetwork(e.target.value)}
          hint={t`One block's votes, or every free vote in the time range.`}
        >
          <option value="">{t`All networks`}</option>
          {entry.top_blocks.map((b) => (
            <option key={b.network_hash} value={b.network_hash}>
              {shortHash(b.network_hash)} ({votesWord(b.votes)})
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t`Reason (shown to the contestant)`}
          required
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={isLoading}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={isLoading}>
            {isLoading ? t`Voiding...` : t`Void Votes`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
