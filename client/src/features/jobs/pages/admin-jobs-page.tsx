// /admin/jobs: the background work as it stands, refreshed every few seconds. Each queue's waiting,
// scheduled, running and failed jobs and how long the oldest has waited; then the jobs that failed
// every attempt, newest first, with their errors, each to run again (Retry) or drop (Discard, confirmed).
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
import { formatCount } from '@/lib/numbers';
import { notify } from '@/lib/toast';
import { useDiscardJobMutation } from '../api/discard-job';
import { useGetAdminJobsQuery } from '../api/get-admin-jobs';
import { useRetryJobMutation } from '../api/retry-job';
import { TableSkeleton } from '@/components/ui/table-skeleton';

/** How often the page asks again while open. */
export const JOBS_REFRESH_MS = 5_000;

const QUEUE_COLUMNS = ['Queue', 'Waiting', 'Scheduled', 'Running', 'Failed', 'Oldest waiting'];
const FAILED_COLUMNS = ['Failed', 'Job', 'Attempts', 'Error', 'Actions'];
const MODE_LABELS: Record<JobQueueMode, string> = {
  postgres: 'One process: jobs are rows in PostgreSQL',
  bullmq: 'Scaled: jobs are BullMQ queues on Redis',
};

export const queueLabel = (queue: string) => QUEUE_LABELS[queue] ?? queue;
export const kindLabel = (kind: string) => JOB_KIND_LABELS[kind] ?? kind;

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
  let content;
  if (isLoading) {
    content = (
      <>
        <TableSkeleton columns={QUEUE_COLUMNS.length} rows={4} />
        <div className="mt-10">
          <TableSkeleton columns={FAILED_COLUMNS.length} rows={3} />
        </div>
      </>
    );
  } else if (!data) {
    content = (
      <ErrorPanel message={errorDetail(error) ?? M.loadFailed}>
        <Button variant="outline" onClick={() => void refetch()}>
          Try Again
        </Button>
      </ErrorPanel>
    );
  } else {
    content = (
      <>
        {isError ? (
          <p role="alert" className="mb-4 rounded-lg border border-blood-500/50 bg-blood-900/30 px-4 py-2 text-sm text-bone-50">
            {errorDetail(error) ?? M.loadFailed}: showing the last answer.
          </p>
        ) : null}
        <p className="mb-4 text-sm text-bone-400">{MODE_LABELS[data.mode]}</p>
        <QueuesTable queues={data.queues} />
        <FailedJobs jobs={data.failed} total={data.failed_total} />
      </>
    );
  }
  return (
    <PageSection>
      <PageHeader
        title="Jobs"
        subtitle="The background work: counting votes, crediting payments, cutting rounds and sending e-mails."
        actions={
          <Button variant="outline" onClick={() => void refetch()} disabled={isFetching} aria-busy={isFetching}>
            <RefreshCw aria-hidden="true" className="size-4" /> {isFetching ? 'Refreshing...' : 'Refresh'}
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
  return (
    <Table caption="Queues" columns={QUEUE_COLUMNS} minWidth="md:min-w-[48rem]">
      {queues.map((q) => (
        <tr key={q.queue} className={rowClass}>
          <Td label="Queue">
            <NameAndDetail name={queueLabel(q.queue)} detail={q.kinds.map(kindLabel).join(' · ')} />
          </Td>
          <Td label="Waiting" className="tabular-nums">
            {formatCount(q.waiting)}
          </Td>
          <Td label="Scheduled" className="tabular-nums">
            {formatCount(q.delayed)}
          </Td>
          <Td label="Running" className="tabular-nums">
            {formatCount(q.running)}
          </Td>
          <Td label="Failed">{q.failed ? <Badge tone="red">{formatCount(q.failed)}</Badge> : <span className="tabular-nums">0</span>}</Td>
          <Td label="Oldest waiting" className="whitespace-nowrap tabular-nums">
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

  const onDiscard = async () => {
    if (!discarding) return;
    try {
      await discard({ queue: discarding.queue, id: discarding.id }).unwrap();
      notify.success(M.discarded);
    } catch (e) {
      notify.error(errorDetail(e) ?? M.discardFailed);
    } finally {
      setDiscarding(null);
    }
  };

  return (
    <section aria-labelledby="failed-jobs-heading" className="mt-10">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="failed-jobs-heading" className="font-display text-xl font-bold text-bone-50">
          Failed jobs
        </h2>
        {total > jobs.length ? (
          <p className="text-sm text-bone-400">
            The newest {formatCount(jobs.length)} of {formatCount(total)}
          </p>
        ) : null}
      </div>
      {jobs.length ? (
        <Table caption="Failed jobs" columns={FAILED_COLUMNS} minWidth="md:min-w-[56rem]">
          {jobs.map((job) => (
            <FailedJobRow key={`${job.queue}/${job.id}`} job={job} onDiscard={() => setDiscarding(job)} />
          ))}
        </Table>
      ) : (
        <div className="rounded-xl border border-night-700 bg-night-900/80 p-10 text-center text-bone-200">{M.noFailed}</div>
      )}
      <ConfirmDialog
        open={discarding !== null}
        title="Discard this job?"
        message={discarding ? `${kindLabel(discarding.kind)} (${queueLabel(discarding.queue)}, #${discarding.id}) will not run again.` : ''}
        confirmLabel="Discard"
        pendingLabel="Discarding..."
        pending={discardPending}
        onConfirm={asyncHandler(onDiscard)}
        onCancel={() => setDiscarding(null)}
      />
    </section>
  );
}

function FailedJobRow({ job, onDiscard }: { job: FailedJobItem; onDiscard: () => void }) {
  const [retry, { isLoading: retrying }] = useRetryJobMutation();
  const name = `${kindLabel(job.kind)} #${job.id}`;
  const onRetry = async () => {
    try {
      await retry({ queue: job.queue, id: job.id }).unwrap();
      notify.success(M.retried);
    } catch (e) {
      notify.error(errorDetail(e) ?? M.retryFailed);
    }
  };
  return (
    <tr className={rowClass}>
      <Td label="Failed" className="whitespace-nowrap">
        {job.failed_at ? <time dateTime={job.failed_at}>{formatDateTime(job.failed_at)}</time> : <span className="text-bone-400">—</span>}
      </Td>
      <Td label="Job">
        <NameAndDetail name={name} detail={job.key ? `${queueLabel(job.queue)} · ${job.key}` : queueLabel(job.queue)} />
      </Td>
      <Td label="Attempts" className="tabular-nums">
        {formatCount(job.attempts)}
      </Td>
      <Td label="Error" className="md:max-w-md">
        <p className="min-w-0 break-words text-right font-mono text-xs text-blood-200 md:text-left">{job.error ?? 'No error recorded'}</p>
      </Td>
      <Td label="Actions">
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={asyncHandler(onRetry)} disabled={retrying} aria-busy={retrying} aria-label={`Retry ${name}`}>
            <RotateCcw aria-hidden="true" className="size-4" /> {retrying ? 'Retrying...' : 'Retry'}
          </Button>
          <Button size="sm" variant="ghost" onClick={onDiscard} aria-label={`Discard ${name}`}>
            <Trash2 aria-hidden="true" className="size-4" /> Discard
          </Button>
        </div>
      </Td>
    </tr>
  );
}
