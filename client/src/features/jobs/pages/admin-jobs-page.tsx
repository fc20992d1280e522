// /admin/jobs: the background work as it stands, refreshed every few seconds. Each queue's waiting,
// scheduled, running and failed jobs and how long the oldest has waited; then the jobs that failed
// every attempt, newest first, with their errors, each to run again (Retry) or drop (Discard, confirmed).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { RefreshCw, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ADMIN_JOB_MESSAGES as M } from '#contract/jobs/messages';
import { JOB_KIND_LABELS, type JobQueueMode, QUEUE_LABELS } from '#contract/jobs/constants';
import type { FailedJobItem, JobQueueSummary } from '#contract/jobs/answers';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageHeader, PageSection } from '@/components/ui/page-header';
import { rowClass, Table, Td } from '@/components/ui/table';
import { errorDetail } from '@/lib/api/api-error';
import { asyncHandler } from '@/lib/async-handler';
import { formatDateTime } from '@/lib/dates';
import { contractText, useContractText } from '@/lib/i18n/contract-text';
import { formatCount } from '@/lib/numbers';
import { notify } from '@/lib/toast';
import { useDiscardJobMutation } from '../api/discard-job';
import { useGetAdminJobsQuery } from '../api/get-admin-jobs';
import { useRetryJobMutation } from '../api/retry-job';
import { TableSkeleton } from '@/components/ui/table-skeleton';

/** How often the page asks again while open. */
export const JOBS_REFRESH_MS = 5_000;

const QUEUE_COLUMNS = {
  queue: msg`Queue`,
  waiting: msg`Waiting`,
  scheduled: msg`Scheduled`,
  running: msg`Running`,
  failed: msg`Failed`,
  oldest: msg`Oldest waiting`,
} satisfies Record<string, MessageDescriptor>;
const FAILED_COLUMNS = {
  failed: msg`Failed`,
  job: msg`Job`,
  attempts: msg`Attempts`,
  error: msg`Error`,
  actions: msg`Actions`,
} satisfies Record<string, MessageDescriptor>;
const MODE_LABELS: Record<JobQueueMode, MessageDescriptor> = {
  postgres: msg`One process: jobs are rows in PostgreSQL`,
  bullmq: msg`Scaled: jobs are BullMQ queues on Redis`,
};

/** A queue's name in the app's language (an unknown queue by its key). */
export const queueLabel = (queue: string, ct: (text: string) => string = contractText) => {
  const label = QUEUE_LABELS[queue] as string | undefined;
  return label ? ct(label) : queue;
};
/** A job kind's name in the app's language (an unknown kind by its key). */
export const kindLabel = (kind: string, ct: (text: string) => string = contractText) => {
  const label = JOB_KIND_LABELS[kind] as string | undefined;
  return label ? ct(label) : kind;
};

/** "—" (none waits), "< 1 s", "42 s", "3 min 5 s", "2 h 10 min". */
export function formatWait(seconds: number): string {
  if (seconds <= 0) return '—';
  const s = Math.round(seconds);
  if (s < 1) return '< 1 s';
  if (s < 60) return `${s} s`;
  if (s < 3600) return s % 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s / 60} min`;
  const minutes = Math.floor((s % 3600) / 60);
  return minutes ? `${Math.floor(s / 3600)} h ${minutes} min` : `${Math.floor(s / 3600)} h`;
}

export function AdminJobsPage() {
  const query = useGetAdminJobsQuery(undefined, { pollingInterval: JOBS_REFRESH_MS, skipPollingIfUnfocused: true });
  const { data, isLoading, isFetching, isError, error, refetch } = query;
  const { t, i18n } = useLingui();
  const ct = useContractText();
  let content;
  if (isLoading) {
    content = (
      <>
        <TableSkeleton columns={Object.keys(QUEUE_COLUMNS).length} rows={4} />
        <div className="mt-10">
          <TableSkeleton columns={Object.keys(FAILED_COLUMNS).length} rows={3} />
        </div>
      </>
    );
  } else if (!data) {
    content = (
      <ErrorPanel message={ct(errorDetail(error) ?? M.loadFailed)}>
        <Button variant="outline" onClick={() => void refetch()}>
          <Trans>Try Again</Trans>
        </Button>
      </ErrorPanel>
    );
  } else {
    const problem = ct(errorDetail(error) ?? M.loadFailed);
    content = (
      <>
        {isError ? (
          <p role="alert" className="mb-4 rounded-lg border border-blood-500/50 bg-blood-900/30 px-4 py-2 text-sm text-bone-50">
            {t`${problem}: showing the last answer.`}
          </p>
        ) : null}
        <p className="mb-4 text-sm text-bone-400">{i18n._(MODE_LABELS[data.mode])}</p>
        <QueuesTable queues={data.queues} />
        <FailedJobs jobs={data.failed} total={data.failed_total} />
      </>
    );
  }
  return (
    <PageSection>
      <PageHeader
        title={t`Jobs`}
        subtitle={<Trans>The background work: counting votes, crediting payments, cutting rounds and sending e-mails.</Trans>}
        actions={
          <Button variant="outline" onClick={() => void refetch()} disabled={isFetching} aria-busy={isFetching}>
            <RefreshCw aria-hidden="true" className="size-4" /> {isFetching ? t`Refreshing...` : t`Refresh`}
          </Button>
        }
      />
      {content}
    </PageSection>
  );
}

/** A cell's name, and a smaller line under it (a long key breaks anywhere rather than widen the table). */
function NameAndDetail({ name, detail }: { name: string; detail: string }) {
  return (
    <div className="min-w-0 text-right md:text-left">
      <p className="font-semibold text-bone-50">{name}</p>
      <p className="break-words text-xs text-bone-400 [overflow-wrap:anywhere]">{detail}</p>
    </div>
  );
}

function QueuesTable({ queues }: { queues: JobQueueSummary[] }) {
  const { t, i18n } = useLingui();
  const ct = useContractText();
  const label = (column: keyof typeof QUEUE_COLUMNS) => i18n._(QUEUE_COLUMNS[column]);
  return (
    <Table caption={t`Queues`} columns={Object.values(QUEUE_COLUMNS).map((column) => i18n._(column))} minWidth="md:min-w-[48rem]">
      {queues.map((q) => (
        <tr key={q.queue} className={rowClass}>
          <Td label={label('queue')}>
            <NameAndDetail name={queueLabel(q.queue, ct)} detail={q.kinds.map((kind) => kindLabel(kind, ct)).join(' · ')} />
          </Td>
          <Td label={label('waiting')} className="tabular-nums">
            {formatCount(q.waiting)}
          </Td>
          <Td label={label('scheduled')} className="tabular-nums">
            {formatCount(q.delayed)}
          </Td>
          <Td label={label('running')} className="tabular-nums">
            {formatCount(q.running)}
          </Td>
          <Td label={label('failed')}>{q.failed ? <Badge tone="red">{formatCount(q.failed)}</Badge> : <span className="tabular-nums">0</span>}</Td>
          <Td label={label('oldest')} className="whitespace-nowrap tabular-nums">
            {formatWait(q.oldest_waiting_seconds)}
          </Td>
        </tr>
      ))}
    </Table>
  );
}

function FailedJobs({ jobs, total }: { jobs: FailedJobItem[]; total: number }) {
  const [discarding, setDiscarding] = useState<FailedJobItem | null>(null);
  const [discard, { isLoading: discardPending }] = useDiscardJobMutation();
  const { t, i18n } = useLingui();
  const ct = useContractText();

  const onDiscard = async () => {
    if (!discarding) return;
    try {
      await discard({ queue: discarding.queue, id: discarding.id }).unwrap();
      notify.success(ct(M.discarded));
    } catch (e) {
      notify.error(ct(errorDetail(e) ?? M.discardFailed));
    } finally {
      setDiscarding(null);
    }
  };

  const shown = formatCount(jobs.length);
  const all = formatCount(total);
  let discardMessage = '';
  if (discarding) {
    const kind = kindLabel(discarding.kind, ct);
    const queue = queueLabel(discarding.queue, ct);
    const id = discarding.id;
    discardMessage = t`${kind} (${queue}, #${id}) will not run again.`;
  }

  return (
    <section aria-labelledby="failed-jobs-heading" className="mt-10">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="failed-jobs-heading" className="font-display text-xl font-bold text-bone-50">
          <Trans>Failed jobs</Trans>
        </h2>
        {total > jobs.length ? <p className="text-sm text-bone-400">{t`The newest ${shown} of ${all}`}</p> : null}
      </div>
      {jobs.length ? (
        <Table caption={t`Failed jobs`} columns={Object.values(FAILED_COLUMNS).map((column) => i18n._(column))} minWidth="md:min-w-[56rem]">
          {jobs.map((job) => (
            <FailedJobRow key={`${job.queue}/${job.id}`} job={job} onDiscard={() => setDiscarding(job)} />
          ))}
        </Table>
      ) : (
        <div className="rounded-xl border border-night-700 bg-night-900/80 p-10 text-center text-bone-200">{ct(M.noFailed)}</div>
      )}
      <ConfirmDialog
        open={discarding !== null}
        title={t`Discard this job?`}
        message={discardMessage}
        confirmLabel={t`Discard`}
        pendingLabel={t`Discarding...`}
        pending={discardPending}
        onConfirm={asyncHandler(onDiscard)}
        onCancel={() => setDiscarding(null)}
      />
    </section>
  );
}

function FailedJobRow({ job, onDiscard }: { job: FailedJobItem; onDiscard: () => void }) {
  const [retry, { isLoading: retrying }] = useRetryJobMutation();
  const { t, i18n } = useLingui();
  const ct = useContractText();
  const label = (column: keyof typeof FAILED_COLUMNS) => i18n._(FAILED_COLUMNS[column]);
  const name = `${kindLabel(job.kind, ct)} #${job.id}`;
  const queue = queueLabel(job.queue, ct);
  const onRetry = async () => {
    try {
      await retry({ queue: job.queue, id: job.id }).unwrap();
      notify.success(ct(M.retried));
    } catch (e) {
      notify.error(ct(errorDetail(e) ?? M.retryFailed));
    }
  };
  return (
    <tr className={rowClass}>
      <Td label={label('failed')} className="whitespace-nowrap">
        {job.failed_at ? <time dateTime={job.failed_at}>{formatDateTime(job.failed_at)}</time> : <span className="text-bone-400">—</span>}
      </Td>
      <Td label={label('job')}>
        <NameAndDetail name={name} detail={job.key ? `${queue} · ${job.key}` : queue} />
      </Td>
      <Td label={label('attempts')} className="tabular-nums">
        {formatCount(job.attempts)}
      </Td>
      <Td label={label('error')} className="md:max-w-md">
        <p className="min-w-0 break-words text-right font-mono text-xs text-blood-200 md:text-left">{job.error ?? t`No error recorded`}</p>
      </Td>
      <Td label={label('actions')}>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={asyncHandler(onRetry)} disabled={retrying} aria-busy={retrying} aria-label={t`Retry ${name}`}>
            <RotateCcw aria-hidden="true" className="size-4" /> {retrying ? t`Retrying...` : t`Retry`}
          </Button>
          <Button size="sm" variant="ghost" onClick={onDiscard} aria-label={t`Discard ${name}`}>
            <Trash2 aria-hidden="true" className="size-4" /> <Trans>Discard</Trans>
          </Button>
        </div>
      </Td>
    </tr>
  );
}
