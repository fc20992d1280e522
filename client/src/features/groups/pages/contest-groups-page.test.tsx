import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { waitFor, within } from '@testing-library/react';
import { CONTEST_MESSAGES as M, GROUP_ADMIN_MESSAGES as G } from '#contract/contests/messages';
import { inLocale } from '@/testing/locale';
import { paths } from '@/lib/paths';
import { adminToken, makeContest, makeGroup } from '@/testing/contest-fixtures';
import { mockNetwork, type Reply, type RecordedRequest } from '@/testing/server';
import { SITE } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';

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

describe('ContestGroupsPage', () => {
  const contest = makeContest({ id: 1, name: 'Fright Night', group_capacity: 50 });
  const groups = [
    makeGroup({ id: 5, group_number: 1, capacity: 50, current_contestants_count: 20 }),
    makeGroup({ id: 6, group_number: 2, capacity: 50, is_active: false, current_contestants_count: 0 }),
  ];

  it('should show each group against the contest capacity, with links', async () => {
    const { screen } = open(paths.admin.contestGroups(1), {
      'GET /api/v1/admin/contests/1': { body: contest },
      'GET /api/v1/admin/contests/1/groups': { body: groups, headers: { 'x-total-count': '2' } },
    });
    const first = (await screen.findByRole('article', { name: 'Group 1' })) as HTMLElement;
    expect(within(first).getByText('20 / 50')).toBeInTheDocument();
    expect(within(first).getByRole('progressbar')).toHaveAttribute('aria-valuemax', '50');
    expect(within(first).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');
    expect(within(first).getByRole('link', { name: 'View Contestants' })).toHaveAttribute('href', paths.admin.groupContestants(1, 5));
    expect(screen.getByRole('link', { name: 'New Group' })).toHaveAttribute('href', paths.admin.newGroup(1));
  });

  it('should toggle a group from its status and report a failure', async () => {
    let fail = false;
    const app = open(paths.admin.contestGroups(1), {
      'GET /api/v1/admin/contests/1': { body: contest },
      'GET /api/v1/admin/contests/1/groups': { body: groups, headers: { 'x-total-count': '2' } },
      'PUT /api/v1/admin/groups/6': () => (fail ? { status: 404, body: { detail: G.groupNotFound } } : { body: { ...groups[1], is_active: true } }),
    });
    await app.user.click(await app.screen.findByRole('button', { name: 'Inactive: activate Group 2' }));
    await waitFor(() => expect(app.net.requestsTo('PUT', '/api/v1/admin/groups/6')).toHaveLength(1));
    expect(app.net.requestsTo('PUT', '/api/v1/admin/groups/6')[0].body).toEqual({ is_active: true });
    expect(await app.screen.findByText('Group 2 activated')).toBeInTheDocument();
    fail = true;
    await app.user.click(app.screen.getByRole('button', { name: 'Inactive: activate Group 2' }));
    expect(await app.screen.findByText(`${M.groupStatusFailed}${G.groupNotFound}`)).toBeInTheDocument();
  });

  it('should report a failed load', async () => {
    const { screen } = open(paths.admin.contestGroups(1), {
      'GET /api/v1/admin/contests/1': { body: contest },
      'GET /api/v1/admin/contests/1/groups': { status: 500, body: { detail: 'Database unavailable' } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(`${M.fetchDataFailed}Database unavailable`);
  });

  it('should create the next group from the New Group page and return to the list', async () => {
    const app = open(paths.admin.newGroup(1), {
      'GET /api/v1/admin/contests/1': { body: contest },
      'POST /api/v1/admin/contests/1/groups': { status: 201, body: makeGroup({ id: 9, group_number: 3 }) },
      'GET /api/v1/admin/contests/1/groups': { body: groups, headers: { 'x-total-count': '2' } },
    });
    await app.user.click(await app.screen.findByRole('button', { name: 'Create Group' }));
    expect(await app.screen.findByText(`${G.groupCreated}: Group 3`)).toBeInTheDocument();
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.admin.contestGroups(1)));
  });
});

describe('ContestGroupsPage in Brazilian Portuguese', () => {
  inLocale('pt-BR');

  it('should title and count the groups in Portuguese', async () => {
    const { screen } = open(paths.admin.contestGroups(1), {
      'GET /api/v1/admin/contests/1': { body: makeContest({ id: 1, name: 'Fright Night', group_capacity: 50 }) },
      'GET /api/v1/admin/contests/1/groups': { body: [makeGroup({ id: 5, group_number: 1, capacity: 50 })], headers: { 'x-total-count': '1' } },
    });
    expect(await screen.findByText('1 grupo · 50 participantes por grupo')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Grupos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Novo grupo' })).toHaveAttribute('href', paths.admin.newGroup(1));
    expect(screen.getByRole('link', { name: 'Voltar ao concurso' })).toHaveAttribute('href', paths.admin.contest(1));
  });
});
