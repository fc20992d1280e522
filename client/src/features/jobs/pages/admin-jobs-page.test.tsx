import { beforeEach, describe, expect, it } from '@jest/globals';
import { waitFor, within } from '@testing-library/react';
import { ADMIN_JOB_MESSAGES as M } from '#contract/jobs/messages';
import type { AdminJobsOverview, FailedJobItem } from '#contract/jobs/answers';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { adminToken, deferred } from '@/testing/contest-fixtures';
import { SITE } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { mockNetwork, type RecordedRequest, type Reply, type Responder } from '@/testing/server';
import { formatWait } from './admin-jobs-page';

const OVERVIEW = 'GET /api/v1/admin/jobs';
const RETRY = 'POST /api/v1/admin/jobs/:queue/:id/retry';
const DISCARD = 'DELETE /api/v1/admin/jobs/:queue/:id';

const failedJob = (id: string, over: Partial<FailedJobItem> = {}): FailedJobItem => ({
  id,
  queue: 'mail',
  kind: 'send-email',
  key: null,
  attempts: 5,
  error: `SMTP said 451 (${id})`,
  failed_at: new Date(Date.UTC(2030, 0, 1, 12, 0) - Number(id) * 60_000).toISOString(),
  created_at: '2030-01-01T11:00:00.000Z',
  ...over,
});

let failed: FailedJobItem[] = [];

function overview(): AdminJobsOverview {
  return {
    mode: 'postgres',
    queues: [
      { queue: 'contests', kinds: ['close-round', 'watch-contests'], waiting: 0, delayed: 2, running: 0, failed: 0, oldest_waiting_seconds: 0 },
      { queue: 'mail', kinds: ['send-email', 'round-mails'], waiting: 3, delayed: 0, running: 1, failed: failed.length, oldest_waiting_seconds: 185 },
      {
        queue: 'votes',
        kinds: ['count-votes', 'credit-payment', 'refund-payment'],
        waiting: 1200,
        delayed: 0,
        running: 64,
        failed: 0,
        oldest_waiting_seconds: 4.2,
      },
    ],
    failed,
    failed_total: failed.length,
  };
}

const idOf = (call: RecordedRequest, fromEnd: number) => call.path.split('/').at(-fromEnd)!;

function open(routes: Record<string, Responder> = {}) {
  const net = mockNetwork({
    'GET /api/v1/site': { body: SITE },
    [OVERVIEW]: () => ({ body: overview() }),
    [RETRY]: (call) => {
      const job = failed.find((j) => j.id === idOf(call, 2));
      if (!job) return { status: 404, body: { detail: M.gone } };
      failed = failed.filter((j) => j !== job);
      return { body: { job, state: 'waiting' } };
    },
    [DISCARD]: (call) => {
      const job = failed.find((j) => j.id === idOf(call, 1));
      if (!job) return { status: 404, body: { detail: M.gone } };
      failed = failed.filter((j) => j !== job);
      return { body: { job, state: 'discarded' } };
    },
    ...routes,
  });
  return { ...renderApp(paths.admin.jobs()), net };
}

describe('AdminJobsPage', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', adminToken());
    failed = [failedJob('7', { key: 'mail:welcome:3' }), failedJob('12', { kind: 'round-mails', error: 'Round 4 is not closed yet' })];
  });

  it('should show each queue with its kinds and counts, and the failed jobs with their errors', async () => {
    const app = open();
    expect(await app.screen.findByRole('heading', { name: 'Jobs', level: 1 })).toBeInTheDocument();
    const queues = await app.screen.findByRole('table', { name: 'Queues' });
    expect(
      within(queues)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Queue', 'Waiting', 'Scheduled', 'Running', 'Failed', 'Oldest waiting']);
    const rows = within(queues).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Contest roundsCut a round · Watch the contests', '0', '2', '0', '0', '—'],
      ["E-mailSend an e-mail · A round's e-mails", '3', '0', '1', '2', '3 min 5 s'],
      ['Votes and paymentsCount votes · Credit a payment · Refund a payment', '1,200', '0', '64', '0', '4 s'],
    ]);
    expect(app.screen.getByText('One process: jobs are rows in PostgreSQL')).toBeInTheDocument();

    const table = app.screen.getByRole('table', { name: 'Failed jobs' });
    const jobs = within(table).getAllByRole('row').slice(1);
    expect(
      jobs.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [formatDateTime(failed[0].failed_at), 'Send an e-mail #7E-mail · mail:welcome:3', '5', 'SMTP said 451 (7)'],
      [formatDateTime(failed[1].failed_at), "A round's e-mails #12E-mail", '5', 'Round 4 is not closed yet'],
    ]);
  });

  it('should retry a job, which leaves the list, and say so; a job gone meanwhile gets the reason', async () => {
    const app = open();
    await app.user.click(await app.screen.findByRole('button', { name: 'Retry Send an e-mail #7' }));
    expect(await app.screen.findByText(M.retried)).toBeInTheDocument();
    await waitFor(() => expect(app.screen.queryByRole('button', { name: 'Retry Send an e-mail #7' })).not.toBeInTheDocument());
    expect(app.net.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/v1/admin/jobs/mail/7/retry']);

    // Someone else retried it first: the server says so, and the list catches up.
    failed = [];
    await app.user.click(app.screen.getByRole('button', { name: "Retry A round's e-mails #12" }));
    expect(await app.screen.findByText(M.gone)).toBeInTheDocument();
    expect(await app.screen.findByText(M.noFailed)).toBeInTheDocument();
  });

  it('should discard a job only once confirmed', async () => {
    const app = open();
    await app.user.click(await app.screen.findByRole('button', { name: 'Discard Send an e-mail #7' }));
    let dialog = await app.screen.findByRole('dialog', { name: 'Discard this job?' });
    expect(dialog).toHaveTextContent('Send an e-mail (E-mail, #7) will not run again.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(app.screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.net.requests.some((r) => r.method === 'DELETE')).toBe(false);

    await app.user.click(app.screen.getByRole('button', { name: 'Discard Send an e-mail #7' }));
    dialog = await app.screen.findByRole('dialog', { name: 'Discard this job?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(await app.screen.findByText(M.discarded)).toBeInTheDocument();
    await waitFor(() => expect(app.screen.queryByRole('button', { name: 'Discard Send an e-mail #7' })).not.toBeInTheDocument());
    expect(app.net.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/v1/admin/jobs/mail/7']);
  });

  it('should show a skeleton while loading, an error with Try Again, and the empty state', async () => {
    const reply = deferred<Reply>();
    let fail = true;
    failed = [];
    const app = open({ [OVERVIEW]: () => (fail ? reply.promise : { body: overview() }) });
    expect(await app.screen.findByRole('heading', { name: 'Jobs', level: 1 })).toBeInTheDocument();
    expect(app.screen.getAllByRole('status').some((s) => s.textContent === 'Loading...')).toBe(true);
    reply.release({ status: 500, body: {} });
    expect(await app.screen.findByText(M.loadFailed)).toBeInTheDocument();
    fail = false;
    await app.user.click(app.screen.getByRole('button', { name: 'Try Again' }));
    expect(await app.screen.findByText(M.noFailed)).toBeInTheDocument();
  });

  it('should write waits in seconds, minutes and hours', () => {
    expect([0, 0.4, 4.2, 59.6, 60, 185, 3600, 7_800].map(formatWait)).toEqual(['—', '< 1 s', '4 s', '1 min', '1 min', '3 min 5 s', '1 h', '2 h 10 min']);
  });
});
