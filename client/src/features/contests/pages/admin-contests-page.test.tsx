import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, waitFor, within } from '@testing-library/react';
import { CONTEST_MESSAGES as M } from '#contract/contests/messages';
import { activateLocale } from '@/lib/i18n/i18n';
import { paths } from '@/lib/paths';
import { adminToken, deferred, makeContest } from '@/testing/contest-fixtures';
import { mockNetwork, type Reply, type RecordedRequest } from '@/testing/server';
import { SITE } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';

const LIST = 'GET /api/v1/admin/all-contests';
const tenContests = (from: number) => Array.from({ length: 10 }, (_, i) => makeContest({ id: from + i, name: `Contest ${from + i}` }));

function open(path: string, routes: Record<string, Reply | ((call: RecordedRequest) => Reply | Promise<Reply>)>) {
  const net = mockNetwork({ 'GET /api/v1/site': { body: SITE }, ...routes });
  return { ...renderApp(path), net };
}

describe('AdminContestsPage', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', adminToken());
  });

  it('should page 10 at a time with the total from x-total-count', async () => {
    const app = open(paths.admin.contests(), {
      [LIST]: (call) => {
        const skip = Number(new URL(call.url, 'http://x').searchParams.get('skip'));
        return { body: tenContests(skip + 1).slice(0, skip === 20 ? 3 : 10), headers: { 'x-total-count': '23' } };
      },
    });
    expect(await app.screen.findByRole('link', { name: 'Contest 1' })).toBeInTheDocument();
    expect(app.screen.getByText('23 contests · Page 1 of 3')).toBeInTheDocument();
    const pager = app.screen.getByRole('navigation', { name: 'Contest pages' });
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3']);
    expect(within(pager).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await app.user.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(await app.screen.findByRole('link', { name: 'Contest 23' })).toBeInTheDocument();
    expect(app.screen.getAllByRole('row')).toHaveLength(1 + 3);
    expect(currentPath(app.router)).toBe(paths.admin.contests({ query: { page: 3 } }));
    expect(app.net.requests.map((c) => c.url).filter((u) => u.includes('all-contests'))).toEqual([
      '/api/v1/admin/all-contests?skip=0&limit=10',
      '/api/v1/admin/all-contests?skip=20&limit=10',
    ]);
    expect(within(pager).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('should show at most five page numbers around the current page', async () => {
    const app = open(paths.admin.contests({ query: { page: 10 } }), { [LIST]: { body: tenContests(91), headers: { 'x-total-count': '200' } } });
    const pager = await app.screen.findByRole('navigation', { name: 'Contest pages' });
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['8', '9', '10', '11', '12']);
  });

  it('should toggle is_active from the status badge, and report a failure', async () => {
    let fail = false;
    const app = open(paths.admin.contests(), {
      [LIST]: { body: [makeContest({ id: 4, name: 'Fright Night', is_active: true })], headers: { 'x-total-count': '1' } },
      'PUT /api/v1/admin/contests/4': () => (fail ? { status: 400, body: { detail: 'Database said no' } } : { body: makeContest({ id: 4, is_active: false }) }),
    });
    await app.user.click(await app.screen.findByRole('button', { name: 'Active: deactivate Fright Night' }));
    expect(await app.screen.findByText(M.deactivated)).toBeInTheDocument();
    expect(app.net.requestsTo('PUT', '/api/v1/admin/contests/4')[0].body).toEqual({ is_active: false });

    fail = true;
    await app.user.click(app.screen.getByRole('button', { name: 'Active: deactivate Fright Night' }));
    expect(await app.screen.findByText(`${M.statusFailed}Database said no`)).toBeInTheDocument();
  });

  it('should set a contest as current, which the list cannot unset', async () => {
    const app = open(paths.admin.contests(), {
      [LIST]: {
        body: [makeContest({ id: 1, name: 'Old Blood', is_current: true }), makeContest({ id: 2, name: 'New Blood' })],
        headers: { 'x-total-count': '2' },
      },
      'PUT /api/v1/admin/contests/2': { status: 409, body: { detail: 'Contest is locked' } },
    });
    const oldRow = (await app.screen.findByRole('link', { name: 'Old Blood' })).closest('tr') as HTMLElement;
    expect(within(oldRow).getByText('Current')).toBeInTheDocument();
    expect(within(oldRow).queryByRole('button', { name: /Set as current/ })).not.toBeInTheDocument();

    await app.user.click(app.screen.getByRole('button', { name: 'Set as current: New Blood' }));
    await waitFor(() => expect(app.net.requestsTo('PUT', '/api/v1/admin/contests/2')).toHaveLength(1));
    expect(app.net.requestsTo('PUT', '/api/v1/admin/contests/2')[0].body).toEqual({ is_current: true });
    expect(await app.screen.findByText(`${M.setCurrentFailed}Contest is locked`)).toBeInTheDocument();
  });

  it('should ask the spec question before deleting and toast the result', async () => {
    const reply = deferred<Reply>();
    const app = open(paths.admin.contests(), {
      [LIST]: { body: [makeContest({ id: 3, name: 'Doomed' })], headers: { 'x-total-count': '1' } },
      'DELETE /api/v1/admin/contests/3': () => reply.promise,
    });
    await app.user.click(await app.screen.findByRole('button', { name: 'Delete Doomed' }));
    const dialog = await app.screen.findByRole('dialog', { name: 'Delete Contest' });
    expect(dialog).toHaveAccessibleDescription(
      'Are you sure you want to delete this contest? This will also delete all associated groups and cannot be undone.',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    reply.release({ body: { message: 'deleted' } });
    expect(await app.screen.findByText(M.deleted)).toBeInTheDocument();
    await waitFor(() => expect(app.screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('should report a failed delete', async () => {
    const app = open(paths.admin.contests(), {
      [LIST]: { body: [makeContest({ id: 3, name: 'Doomed' })], headers: { 'x-total-count': '1' } },
      'DELETE /api/v1/admin/contests/3': { status: 404, body: { detail: 'Contest not found' } },
    });
    await app.user.click(await app.screen.findByRole('button', { name: 'Delete Doomed' }));
    await app.user.click(within(await app.screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await app.screen.findByText(`${M.deleteFailed}Contest not found`)).toBeInTheDocument();
  });

  it('should report a failed list with the reason and offer to try again', async () => {
    const { screen } = open(paths.admin.contests(), { [LIST]: { status: 500, body: { detail: 'Database unavailable' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent(`${M.fetchFailed}Database unavailable`);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('AdminContestsPage in Brazilian Portuguese', () => {
  beforeEach(async () => {
    localStorage.clear();
    localStorage.setItem('token', adminToken());
    await act(() => activateLocale('pt-BR'));
  });
  afterEach(() => act(() => activateLocale('en')));

  it('should title, label and count the list in Portuguese, and ask before deleting', async () => {
    const contest = makeContest({ id: 1, name: 'Noite do Grito', is_current: false, start_date: '2030-10-01T12:00:00.000Z' });
    const app = open(paths.admin.contests(), { [LIST]: { body: [contest], headers: { 'x-total-count': '1' } } });
    // The page's own chunk may be the first this file loads: it is given the time a busy machine needs.
    expect(await app.screen.findByRole('link', { name: 'Noite do Grito' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(app.screen.getByRole('heading', { level: 1, name: 'Concursos' })).toBeInTheDocument();
    expect(app.screen.getByText('1 concurso · Página 1 de 1')).toBeInTheDocument();
    expect(app.screen.getByRole('columnheader', { name: 'Situação' })).toBeInTheDocument();
    expect(app.screen.getByRole('button', { name: 'Definir como atual: Noite do Grito' })).toBeInTheDocument();
    // Dates are written as Brazilian readers write them.
    expect(app.screen.getAllByRole('cell').some((cell) => /de out\.? de 2030/.test(cell.textContent ?? ''))).toBe(true);
    await app.user.click(app.screen.getByRole('button', { name: 'Excluir Noite do Grito' }));
    const dialog = await app.screen.findByRole('dialog', { name: 'Excluir concurso' });
    expect(within(dialog).getByRole('button', { name: 'Excluir' })).toBeInTheDocument();
  });
});
