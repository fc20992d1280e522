// Staff roles in the admin area: the menu shows only the pages the role may open, each page opens only
// for a role with the permissions of its calls, the dashboard shows only the cards the role may use,
// and the server's refusal of a call reads as such.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { waitFor, within } from '@testing-library/react';
import type { StaffRole } from '#contract/auth/roles';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { STAFF_MESSAGES } from '#contract/staff/messages';
import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import { allPathBuilders, paths } from '@/lib/paths';
import { makeAdminContestant, makeContest } from '@/testing/contest-fixtures';
import { SITE } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';
import { mockNetwork, type Routes } from '@/testing/server';
import { makeToken, staffToken } from '@/testing/tokens';
import { routeTable } from './routes';

const MENU = ['Contests', 'All Contestants', 'Site content', 'Payments', 'Messages', 'Vote Review', 'Audit Log', 'Jobs', 'Staff', 'Webhooks', 'Two-Factor'];
const MOBILE_MENU = ['Contests', 'Users', 'Site content', 'Payments', 'Messages', 'Vote Review', 'Audit Log', 'Jobs', 'Staff', 'Webhooks', 'Two-Factor'];

const CONTESTS = [makeContest({ id: 1, name: 'Old Blood' }), makeContest({ id: 2, name: 'Fright Night', is_current: true })];

function open(path: string, token: string, routes: Routes = {}) {
  localStorage.setItem('token', token);
  const net = mockNetwork({
    'GET /api/v1/site': { body: SITE },
    'GET /api/v1/admin/all-contests': { body: CONTESTS, headers: { 'x-total-count': String(CONTESTS.length) } },
    'GET /api/v1/admin/contests/:id/groups': { body: [], headers: { 'x-total-count': '0' } },
    'GET /api/v1/admin/support-messages/summary': { body: { open_count: 4 } },
    ...routes,
  });
  return { ...renderApp(path), net };
}

/** The names of the desktop menu's page links (Sign Out is a button). */
const desktopMenu = (screen: ReturnType<typeof renderApp>['screen']) =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('staff roles in the admin area', () => {
  beforeEach(() => localStorage.clear());

  it('should name in each admin page’s handle the permissions of the calls it needs', async () => {
    const table = await routeTable();
    for (const [page, builder] of Object.entries(paths.admin)) {
      const route = table.find((r) => r.pattern === builder.pattern);
      expect({ page, staff: route?.handle.staff }).toEqual({ page, staff: ADMIN_PAGE_STAFF[page as keyof typeof ADMIN_PAGE_STAFF] });
    }
    // Every admin address is one of them (the not-found catch-all aside).
    const admin = allPathBuilders().filter((b) => b.pattern.startsWith(paths.admin.dashboard.pattern));
    expect(admin.map((b) => b.pattern).sort()).toEqual(
      Object.values(paths.admin)
        .map((b) => b.pattern)
        .sort(),
    );
    expect(ADMIN_PAGE_STAFF.editContest).toEqual(['standings', contestsEndpoints.updateContest.staff]);
  });

  it.each<[StaffRole, string[]]>([
    ['owner', MENU],
    ['organizer', ['Contests', 'All Contestants', 'Site content', 'Messages', 'Two-Factor']],
    ['moderator', ['Contests', 'All Contestants', 'Messages', 'Vote Review', 'Two-Factor']],
  ])('should show the %s the menu of the pages the role may open, on the desktop and on a phone', async (role, menu) => {
    const { screen, user } = open(paths.admin.dashboard(), staffToken(role));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeInTheDocument();
    expect(desktopMenu(screen)).toEqual(menu);

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(
      within(mobile)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(MOBILE_MENU.filter((_, i) => menu.includes(MENU[i])));
    expect(within(mobile).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('should take a staff token from before roles as an owner’s', async () => {
    const { screen } = open(paths.admin.dashboard(), makeToken({ sub: 'boss', is_superuser: true }));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeInTheDocument();
    expect(desktopMenu(screen)).toEqual(MENU);
  });

  it.each<[StaffRole, string, string]>([
    ['organizer', paths.admin.payments(), 'Payments'],
    ['organizer', paths.admin.voteReview(), 'Vote Review'],
    ['organizer', paths.admin.staff(), 'Staff'],
    ['organizer', paths.admin.webhooks(), 'Webhooks'],
    ['moderator', paths.admin.createContest(), 'Create Contest'],
    ['moderator', paths.admin.editContest(2), 'Edit Contest'],
    ['moderator', paths.admin.jobs(), 'Jobs'],
  ])('should tell the %s that %s is not for their role, ask the server nothing, and lead back to the dashboard', async (role, path, title) => {
    const { screen, user, router, net } = open(path, staffToken(role));
    expect(await screen.findByRole('heading', { name: STAFF_MESSAGES.permissionRequired, level: 1 })).toBeInTheDocument();
    expect(
      screen.getByText(new RegExp(`^The ${title} page is not part of the ${role === 'organizer' ? 'Organizer' : 'Moderator'} role\\.`)),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} | ScreamStage`));
    expect(net.requests.filter((r) => r.path !== '/api/v1/site').map((r) => r.path)).toEqual([]);

    await user.click(screen.getByRole('link', { name: 'Go to Admin Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeInTheDocument();
    expect(currentPath(router)).toBe(paths.admin.dashboard());
  });

  it('should open to each role the pages its permissions cover', async () => {
    const review = open(paths.admin.voteReview(), staffToken('moderator'), {
      'GET /api/v1/admin/vote-review': { body: { contest_id: null, is_current_contest: false, window_minutes: 10, items: [] } },
    });
    expect(await review.screen.findByRole('heading', { name: 'Vote Review', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(review.net.requestsTo('GET', '/api/v1/admin/vote-review')).toHaveLength(1));
    review.unmount();

    const create = open(paths.admin.createContest(), staffToken('organizer'));
    expect(await create.screen.findByRole('heading', { name: 'Create Contest', level: 1 })).toBeInTheDocument();
    expect(create.screen.queryByText(STAFF_MESSAGES.permissionRequired)).not.toBeInTheDocument();
  });

  it('should show the moderator the dashboard without contest editing, and the organizer with it', async () => {
    const moderator = open(paths.admin.dashboard(), staffToken('moderator'));
    const old = await moderator.screen.findByRole('article', { name: 'Old Blood' });
    expect(within(old).getByRole('link', { name: 'View Groups' })).toBeInTheDocument();
    expect(within(old).queryByRole('link', { name: 'Edit Contest' })).not.toBeInTheDocument();
    expect(moderator.screen.queryByRole('link', { name: 'Create New Contest' })).not.toBeInTheDocument();
    expect(moderator.screen.getByText('Your staff role: Moderator')).toBeInTheDocument();
    expect(await moderator.screen.findByRole('link', { name: /Open messages/ })).toHaveTextContent('4');
    moderator.unmount();

    const organizer = open(paths.admin.dashboard(), staffToken('organizer'));
    const item = await organizer.screen.findByRole('article', { name: 'Old Blood' });
    expect(within(item).getByRole('link', { name: 'Edit Contest' })).toHaveAttribute('href', paths.admin.editContest(1));
    expect(organizer.screen.getByRole('link', { name: 'Create New Contest' })).toHaveAttribute('href', paths.admin.createContest());
  });

  it('should show the moderator the contests without their switches, edits and deletes', async () => {
    const { screen } = open(paths.admin.contests(), staffToken('moderator'));
    const table = await screen.findByRole('table', { name: 'Contests' });
    expect(within(table).getByRole('link', { name: 'Old Blood' })).toHaveAttribute('href', paths.admin.contest(1));
    expect(within(table).getAllByText('Active')).toHaveLength(2);
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create New Contest' })).not.toBeInTheDocument();
  });

  it.each<[StaffRole, { review: boolean; export: boolean; edit: boolean }]>([
    ['organizer', { review: false, export: false, edit: true }],
    ['moderator', { review: true, export: false, edit: false }],
    ['owner', { review: true, export: true, edit: true }],
  ])('should show the %s on a contest only the actions of the role', async (role, shown) => {
    const { screen } = open(paths.admin.contest(2), staffToken(role), { 'GET /api/v1/admin/contests/2': { body: CONTESTS[1] } });
    expect(await screen.findByRole('heading', { name: 'Fright Night', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Manage Groups/ })).toHaveAttribute('href', paths.admin.contestGroups(2));
    expect({
      review: screen.queryByRole('link', { name: 'Review Votes' }) !== null,
      export: screen.queryByRole('button', { name: 'Export votes (CSV)' }) !== null,
      edit: screen.queryByRole('link', { name: /Edit Contest/ }) !== null,
    }).toEqual(shown);
  });

  it('should offer the deletion of accounts to the owner only', async () => {
    const routes = { 'GET /api/v1/contestants': { body: [makeAdminContestant(1)], headers: { 'x-total-count': '1' } } };
    const organizer = open(paths.admin.allContestants(), staffToken('organizer'), routes);
    expect(await organizer.screen.findByRole('link', { name: 'View ghoul1' })).toBeInTheDocument();
    expect(organizer.screen.queryByRole('button', { name: 'Delete ghoul1' })).not.toBeInTheDocument();
    organizer.unmount();
    const owner = open(paths.admin.allContestants(), staffToken('owner'), routes);
    expect(await owner.screen.findByRole('button', { name: 'Delete ghoul1' })).toBeInTheDocument();
  });

  it('should show the server’s refusal of a role that lost a permission in its own words', async () => {
    // The token still names the role it was issued with; the server refuses by the role held now.
    const { screen } = open(paths.admin.dashboard(), staffToken('organizer'), {
      'GET /api/v1/admin/all-contests': { status: 403, body: { detail: STAFF_MESSAGES.permissionRequired } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_MESSAGES.permissionRequired);
  });
});
