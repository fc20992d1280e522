import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { within } from '@testing-library/react';
import { CONTEST_MESSAGES as M } from '#contract/contests/messages';
import { paths } from '@/lib/paths';
import { adminToken, makeContest, makeGroup } from '@/testing/contest-fixtures';
import { mockNetwork, type Reply, type RecordedRequest } from '@/testing/server';
import { SITE } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

type Routes = Record<string, Reply | ((call: RecordedRequest) => Reply | Promise<Reply>)>;
function open(path: string, routes: Routes) {
  const net = mockNetwork({ 'GET /api/v1/site': { body: SITE }, ...routes });
  return { ...renderApp(path), net };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', adminToken());
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('AdminDashboardPage', () => {
  it('should list contests with their links and the groups of the current contest', async () => {
    const current = makeContest({ id: 2, name: 'Fright Night', is_current: true, group_capacity: 30 });
    const { screen } = open(paths.admin.dashboard(), {
      'GET /api/v1/admin/all-contests': { body: [makeContest({ id: 1, name: 'Old Blood', is_active: false }), current], headers: { 'x-total-count': '2' } },
      'GET /api/v1/admin/contests/2/groups': { body: [makeGroup({ id: 8, contest_id: 2, group_number: 1, current_contestants_count: 30, is_full: true })] },
    });
    const old = (await screen.findByRole('article', { name: 'Old Blood' })) as HTMLElement;
    expect(within(old).getByText('Inactive')).toBeInTheDocument();
    expect(within(old).getByRole('link', { name: 'View Groups' })).toHaveAttribute('href', paths.admin.contestGroups(1));
    expect(within(old).getByRole('link', { name: 'Edit Contest' })).toHaveAttribute('href', paths.admin.editContest(1));
    expect(within(screen.getByRole('article', { name: 'Fright Night' })).getByText('Current Contest')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Contest' })).toHaveAttribute('href', paths.admin.createContest());

    const group = (await screen.findByRole('article', { name: 'Group 1' })) as HTMLElement;
    expect(within(group).getByText('30 / 30')).toBeInTheDocument();
    expect(within(group).getByText('Group Full')).toBeInTheDocument();
    expect(within(group).getByRole('link', { name: 'View Contestants' })).toHaveAttribute('href', paths.admin.groupContestants(2, 8));
  });

  it('should say when there is no current contest, and when loading fails', async () => {
    const app = open(paths.admin.dashboard(), { 'GET /api/v1/admin/all-contests': { body: [makeContest()], headers: { 'x-total-count': '1' } } });
    expect(await app.screen.findByText(M.noCurrent)).toBeInTheDocument();
    app.unmount();
    const failed = open(paths.admin.dashboard(), { 'GET /api/v1/admin/all-contests': { status: 500, body: {} } });
    expect(await failed.screen.findByRole('alert')).toHaveTextContent(M.loadFailed);
  });
});
