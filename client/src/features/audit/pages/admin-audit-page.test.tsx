import { beforeEach, describe, expect, it } from '@jest/globals';
import { waitFor, within } from '@testing-library/react';
import { AUDIT_MESSAGES as M } from '#contract/audit/messages';
import type { AuditLogEntry, AuditLogPage } from '#contract/audit/answers';
import { NOT_FOUND_MESSAGES } from '#contract/common/messages';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { adminToken, deferred } from '@/testing/contest-fixtures';
import { SITE } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';
import { mockNetwork, type RecordedRequest, type Reply, type Responder } from '@/testing/server';
import { makeToken } from '@/testing/tokens';

const LIST = 'GET /api/v1/admin/audit-log';
const CHAIN = 'GET /api/v1/admin/audit-log/chain';
const HEAD = 'ab'.repeat(32);

const actor = { id: 1, username: 'boss', email: 'boss@example.com' };
const makeEntry = (n: number, over: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id: String(n),
  created_at: new Date(Date.UTC(2030, 0, 1, 12, 0) - n * 60_000).toISOString(),
  actor,
  action: 'group.update',
  target_type: 'group',
  target_id: n,
  target_name: null,
  before: { contest_id: 1, group_number: n, is_active: true },
  after: { contest_id: 1, group_number: n, is_active: false },
  ...over,
});

let all: AuditLogEntry[] = [];

/** A fake server paging `all` (newest first, as it is built), 20 a page, filtered by action. */
function list(call: RecordedRequest): Reply {
  const params = new URL(call.url, 'http://x').searchParams;
  const page = Number(params.get('page') ?? 1);
  const hits = all.filter((e) => !params.get('action') || e.action === params.get('action'));
  const body: AuditLogPage = { items: hits.slice((page - 1) * 20, page * 20), total: hits.length, page, page_size: 20 };
  return { body };
}

function open(routes: Record<string, Responder> = {}, path = paths.admin.audit()) {
  const intact: Reply = { body: { intact: true, entries: all.length, head: all.length ? HEAD : null, first_broken_id: null } };
  const net = mockNetwork({ 'GET /api/v1/site': { body: SITE }, [LIST]: list, [CHAIN]: intact, ...routes });
  return { ...renderApp(path), net };
}

const listUrls = (net: ReturnType<typeof open>['net']) =>
  net.requests.map((r) => r.url).filter((u) => u.startsWith('/api/v1/admin/audit-log') && !u.startsWith('/api/v1/admin/audit-log/chain'));
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('AdminAuditPage', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', adminToken());
    all = Array.from({ length: 23 }, (_, i) => makeEntry(i + 1));
    all[0] = makeEntry(1, {
      action: 'contest.update',
      target_type: 'contest',
      target_id: 4,
      actor: { id: 9, username: 'vera', email: 'vera@example.com' },
      before: { name: 'Spring Screams', is_active: true, group_size_cap: null, end_date: '2030-02-01T18:00:00.000Z' },
      after: { name: 'Spring Screams', is_active: false, group_size_cap: 7, end_date: '2030-02-01T18:00:00.000Z' },
    });
    all[1] = makeEntry(2, {
      action: 'contest.create',
      target_type: 'contest',
      target_id: 5,
      before: null,
      after: { name: 'Winter Wails', is_current: true },
    });
    all[2] = makeEntry(3, { action: 'user.delete', target_type: 'user', target_id: 12, before: { username: 'gone', is_superuser: false }, after: null });
    all[3] = makeEntry(4, {
      action: 'entry.eliminate',
      target_type: 'entry',
      before: { username: 'ann', is_eliminated: true },
      after: { username: 'ann', is_eliminated: true },
    });
  });

  it('should list entries newest first with when, who, action, target and the changed fields, 20 a page', async () => {
    const app = open();
    expect(await app.screen.findByRole('heading', { name: 'Audit Log', level: 1 })).toBeInTheDocument();
    const table = await app.screen.findByRole('table', { name: 'Admin actions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Who', 'Action', 'Target', 'Changes']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(1 + 20);
    // A change shows only what changed, old value then new.
    expect(cellsOf(rows[1])).toEqual([
      formatDateTime(all[0].created_at),
      'veravera@example.com',
      'Contest changed',
      'Contest #4 · Spring Screams',
      'is active: yes → changed to nogroup size cap: — → changed to 7',
    ]);
    // A creation shows what it was made with; a deletion what the target had.
    expect(cellsOf(rows[2]).slice(2)).toEqual(['Contest created', 'Contest #5 · Winter Wails', 'name: Winter Wailsis current: yes']);
    expect(cellsOf(rows[3]).slice(2)).toEqual(['User deleted', 'User #12 · gone', 'username: goneis superuser: no']);
    expect(cellsOf(rows[4]).slice(2)).toEqual(['Contestant eliminated', 'Entry #4 · ann', 'No change']);
    expect(app.screen.getByText('23 entries · Page 1 of 2')).toBeInTheDocument();
    expect(listUrls(app.net)).toEqual(['/api/v1/admin/audit-log?page=1']);

    await app.user.click(within(app.screen.getByRole('navigation', { name: 'Audit log pages' })).getByRole('button', { name: /2/ }));
    expect(await app.screen.findByText('23 entries · Page 2 of 2')).toBeInTheDocument();
    expect(currentPath(app.router)).toBe(paths.admin.audit({ query: { page: 2 } }));
    expect(within(app.screen.getByRole('table', { name: 'Admin actions' })).getAllByRole('row')).toHaveLength(1 + 3);
    expect(listUrls(app.net)).toEqual(['/api/v1/admin/audit-log?page=1', '/api/v1/admin/audit-log?page=2']);
  });

  it("should write every time with its zone: a contest's in its zone of that side, rounds too, others in the viewer's", async () => {
    all = [
      makeEntry(1, {
        action: 'contest.update',
        target_type: 'contest',
        target_id: 7,
        before: {
          name: 'Night Cup',
          time_zone: 'America/New_York',
          end_date: '2026-12-10T20:00:00.000Z',
          rounds: '1. Heats, ends 2026-12-01T18:00:00.000Z, top 4 of each group',
        },
        after: {
          name: 'Night Cup',
          time_zone: 'Europe/London',
          end_date: '2026-12-10T15:00:00.000Z',
          rounds: '1. Heats, ends 2026-12-01T13:00:00.000Z, top 4 of each group',
        },
      }),
      makeEntry(2, {
        action: 'votes.void',
        target_type: 'entry',
        target_id: 20,
        target_name: 'Mara Vale',
        before: { current_contest_votes: 305 },
        after: { current_contest_votes: 55, from: '2026-11-28T10:00:00.000Z' },
      }),
    ];
    const app = open();
    const rows = within(await app.screen.findByRole('table', { name: 'Admin actions' })).getAllByRole('row');
    // Wall times kept across a zone change: each side in its own zone, the zone always named, so the move shows.
    expect(cellsOf(rows[1])[4]).toBe(
      'time zone: America/New_York → changed to Europe/London' +
        'end date: Dec 10, 2026, 3:00 PM EST → changed to Dec 10, 2026, 3:00 PM GMT' +
        'rounds: 1. Heats, ends Dec 1, 2026, 1:00 PM EST, top 4 of each group → changed to 1. Heats, ends Dec 1, 2026, 1:00 PM GMT, top 4 of each group',
    );
    // A void's entry is named by its contestant; times outside a contest are in the viewer's zone, named.
    expect(cellsOf(rows[2]).slice(2, 4)).toEqual(['Votes voided', 'Entry #20 · Mara Vale']);
    expect(cellsOf(rows[2])[4]).toMatch(/^current contest votes: 305 → changed to 55from: Nov 28, 2026, \d{1,2}:\d{2} [AP]M \S+$/);
    expect(cellsOf(rows[2])[0]).toMatch(/^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M \S+$/);
  });

  it('should filter by action through the address, back to page 1', async () => {
    const app = open({}, paths.admin.audit({ query: { page: 2 } }));
    expect(await app.screen.findByText('23 entries · Page 2 of 2')).toBeInTheDocument();
    await app.user.selectOptions(app.screen.getByLabelText('Action'), 'user.delete');
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.admin.audit({ query: { action: 'user.delete' } })));
    expect(await app.screen.findByText('1 entry · Page 1 of 1')).toBeInTheDocument();
    await app.user.selectOptions(app.screen.getByLabelText('Action'), 'votes.void');
    expect(await app.screen.findByText(M.emptyFiltered)).toBeInTheDocument();
    expect(listUrls(app.net)).toEqual([
      '/api/v1/admin/audit-log?page=2',
      '/api/v1/admin/audit-log?page=1&action=user.delete',
      '/api/v1/admin/audit-log?page=1&action=votes.void',
    ]);
  });

  it('should show loading, then an error with Try Again, and say when there are no entries', async () => {
    const reply = deferred<Reply>();
    let fail = true;
    const app = open({ [LIST]: (call) => (fail ? reply.promise : list(call)) });
    expect(await app.screen.findByRole('heading', { name: 'Audit Log', level: 1 })).toBeInTheDocument();
    expect(app.screen.getAllByRole('status').some((s) => s.textContent === 'Loading...')).toBe(true);
    reply.release({ status: 500, body: {} });
    expect(await app.screen.findByText(M.loadFailed)).toBeInTheDocument();
    fail = false;
    await app.user.click(app.screen.getByRole('button', { name: 'Try Again' }));
    expect(await app.screen.findByRole('table', { name: 'Admin actions' })).toBeInTheDocument();
    app.unmount();

    all = [];
    const empty = open();
    expect(await empty.screen.findByText(M.empty)).toBeInTheDocument();
    expect(empty.screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('should be reached by keyboard from the admin header and its mobile menu, and kept from a non-superuser', async () => {
    const app = open({}, `${paths.admin.dashboard()}/no/such/page`);
    const link = (await app.screen.findAllByRole('link', { name: 'Audit Log' }))[0];
    expect(link).toHaveAttribute('href', paths.admin.audit());
    link.focus();
    await app.user.keyboard('{Enter}');
    expect(await app.screen.findByRole('table', { name: 'Admin actions' })).toBeInTheDocument();
    expect(currentPath(app.router)).toBe(paths.admin.audit());
    await app.user.click(app.screen.getByRole('button', { name: /menu/i }));
    const menuLinks = await app.screen.findAllByRole('link', { name: 'Audit Log' });
    expect(menuLinks.length).toBeGreaterThanOrEqual(2);
    expect(menuLinks.every((l) => l.getAttribute('href') === paths.admin.audit())).toBe(true);
    app.unmount();

    localStorage.setItem('token', makeToken({ sub: 'fan', email: 'fan@example.com', is_superuser: false }));
    const fan = open();
    expect(await fan.screen.findByRole('heading', { name: NOT_FOUND_MESSAGES.adminOnlyTitle })).toBeInTheDocument();
    expect(listUrls(fan.net)).toEqual([]);
  });

  it("should say whether the log's digest chain holds, and name the first broken entry when it does not", async () => {
    const app = open();
    expect(await app.screen.findByText(M.chainIntact(23, HEAD))).toBeInTheDocument();
    expect(app.screen.queryByRole('alert')).not.toBeInTheDocument();
    app.unmount();

    const broken = open({ [CHAIN]: { body: { intact: false, entries: 6, head: null, first_broken_id: '7' } } });
    expect(await broken.screen.findByRole('alert')).toHaveTextContent(M.chainBroken('7'));
    expect(M.chainBroken('7')).toContain('entry #7');
    broken.unmount();

    const failed = open({ [CHAIN]: { status: 500, body: {} } });
    expect(await failed.screen.findByText(M.chainFailed)).toBeInTheDocument();
  });
});
