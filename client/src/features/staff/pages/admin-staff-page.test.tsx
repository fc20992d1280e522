import { beforeEach, describe, expect, it } from '@jest/globals';
import { waitFor, within } from '@testing-library/react';
import type { StaffRole } from '#contract/auth/roles';
import type { StaffMember } from '#contract/staff/answers';
import { STAFF_MESSAGES } from '#contract/staff/messages';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { deferred } from '@/testing/contest-fixtures';
import { SITE } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { mockNetwork, type RecordedRequest, type Reply, type Responder } from '@/testing/server';
import { makeStaffMember } from '@/testing/staff-fixtures';
import { staffToken } from '@/testing/tokens';

const LIST = 'GET /api/v1/admin/staff';
const SET_ROLE = 'PUT /api/v1/admin/staff/:username';

/** Accounts the fake server knows beyond the staff: who may be granted a role, and who may not (and why). */
const ACCOUNTS: Record<string, Reply | undefined> = {
  newbie: undefined,
  vera: { status: 409, body: { detail: STAFF_MESSAGES.contestant } },
  fresh: { status: 409, body: { detail: STAFF_MESSAGES.notVerified } },
};

let staff: StaffMember[] = [];

const usernameOf = (call: RecordedRequest) => decodeURIComponent(call.path.split('/').at(-1)!);

/** PUT /admin/staff/:username as the server answers it: unknown accounts, refusals, and the last owner kept. */
function setRole(call: RecordedRequest): Reply {
  const username = usernameOf(call);
  const role = (call.body as { role: StaffRole | null }).role;
  const member = staff.find((m) => m.username === username);
  if (!member) {
    if (!(username in ACCOUNTS)) return { status: 404, body: { detail: STAFF_MESSAGES.userNotFound } };
    const refusal = ACCOUNTS[username];
    if (refusal) return refusal;
  }
  const owners = staff.filter((m) => m.staff_role === 'owner');
  if (member?.staff_role === 'owner' && role !== 'owner' && owners.length === 1) return { status: 409, body: { detail: STAFF_MESSAGES.lastOwner } };
  const updated: StaffMember = member
    ? { ...member, staff_role: role }
    : makeStaffMember(100 + staff.length, { username, first_name: 'New', last_name: 'Member', staff_role: role, last_login_at: null });
  staff = role === null ? staff.filter((m) => m.username !== username) : member ? staff.map((m) => (m === member ? updated : m)) : [...staff, updated];
  return { body: updated };
}

function open(routes: Record<string, Responder> = {}, token = staffToken('owner')) {
  localStorage.setItem('token', token);
  const net = mockNetwork({ 'GET /api/v1/site': { body: SITE }, [LIST]: () => ({ body: { items: staff } }), [SET_ROLE]: setRole, ...routes });
  return { ...renderApp(paths.admin.staff()), net };
}

const rowOf = async (screen: ReturnType<typeof renderApp>['screen'], username: string) => {
  const table = await screen.findByRole('table', { name: 'Staff members' });
  const row = within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryAllByRole('cell')[0]?.textContent?.startsWith(username));
  if (!row) throw new Error(`no row for ${username}`);
  return row;
};

describe('AdminStaffPage', () => {
  beforeEach(() => {
    localStorage.clear();
    staff = [
      makeStaffMember(1, { username: 'boss', email: 'boss@example.com', first_name: 'Morticia', last_name: 'Addams', staff_role: 'owner', two_factor: true }),
      makeStaffMember(2, { username: 'gomez', email: 'gomez@example.com', first_name: 'Gomez', last_name: 'Addams', staff_role: 'organizer' }),
      makeStaffMember(3, { username: 'lurch', email: 'lurch@example.com', first_name: 'Lurch', last_name: '', staff_role: 'moderator', last_login_at: null }),
    ];
  });

  it('should list the staff with their names, e-mails, roles, second factor and last sign-in', async () => {
    const app = open();
    expect(await app.screen.findByRole('heading', { name: 'Staff', level: 1 })).toBeInTheDocument();
    const table = await app.screen.findByRole('table', { name: 'Staff members' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Username', 'Name', 'E-mail', 'Role', 'Two-factor', 'Last sign-in', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .filter((_, i) => i !== 3 && i !== 6)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['boss(you)', 'Morticia Addams', 'boss@example.com', 'On', formatDateTime(staff[0].last_login_at)],
      ['gomez', 'Gomez Addams', 'gomez@example.com', 'Off', formatDateTime(staff[1].last_login_at)],
      ['lurch', 'Lurch', 'lurch@example.com', 'Off', 'Never'],
    ]);
    expect(app.screen.getByRole('combobox', { name: 'Role of boss' })).toHaveValue('owner');
    expect(app.screen.getByRole('combobox', { name: 'Role of gomez' })).toHaveValue('organizer');
    expect(app.screen.getByRole('combobox', { name: 'Role of lurch' })).toHaveValue('moderator');
    expect(app.screen.getByRole('heading', { name: 'Staff members (3)' })).toBeInTheDocument();
  });

  it('should show the loading state, then an empty list in words', async () => {
    const reply = deferred<Reply>();
    const app = open({ [LIST]: () => reply.promise });
    expect(await app.screen.findByText('Loading...')).toBeInTheDocument();
    reply.release({ body: { items: [] } });
    expect(await app.screen.findByText('No account holds a staff role yet.')).toBeInTheDocument();
    expect(app.screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('should say when the list cannot be loaded, and load it again on Try Again', async () => {
    let fail = true;
    const app = open({ [LIST]: () => (fail ? { status: 500, body: {} } : { body: { items: staff } }) });
    expect(await app.screen.findByRole('alert')).toHaveTextContent('Could not load the staff list');
    fail = false;
    await app.user.click(app.screen.getByRole('button', { name: 'Try Again' }));
    expect(await app.screen.findByRole('table', { name: 'Staff members' })).toBeInTheDocument();
  });

  it("should show the server's refusal of the list to a role that lost the permission", async () => {
    const app = open({ [LIST]: { status: 403, body: { detail: STAFF_MESSAGES.permissionRequired } } });
    expect(await app.screen.findByRole('alert')).toHaveTextContent(STAFF_MESSAGES.permissionRequired);
  });

  it('should describe each role and grant one by username, after which the list shows the new member', async () => {
    const app = open();
    await app.screen.findByRole('table', { name: 'Staff members' });
    const form = app.screen.getByRole('region', { name: 'Grant a role' });
    expect(within(form).getByText('Organizer', { selector: 'dt' }).nextSibling).toHaveTextContent(
      'Contest standings, contest editing, the participant export, the support inbox and their own two-factor sign-in.',
    );
    expect(within(form).getByText('Moderator', { selector: 'dt' }).nextSibling).toHaveTextContent(
      'Contest standings, vote review, the support inbox and their own two-factor sign-in.',
    );
    expect(within(form).getByText('Owner', { selector: 'dt' }).nextSibling).toHaveTextContent(
      /^Everything: .*payments.*staff roles and their own two-factor sign-in\.$/,
    );
    const role = within(form).getByRole('combobox', { name: 'Role' });
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a role', 'Owner', 'Organizer', 'Moderator']);

    await app.user.type(within(form).getByRole('textbox', { name: 'Username' }), ' newbie ');
    await app.user.selectOptions(role, 'moderator');
    expect(role).toHaveAccessibleDescription('Contest standings, vote review, the support inbox and their own two-factor sign-in.');
    await app.user.click(within(form).getByRole('button', { name: 'Grant role' }));

    await waitFor(() => expect(app.net.requestsTo('PUT', '/api/v1/admin/staff/newbie')).toHaveLength(1));
    expect(app.net.requestsTo('PUT', '/api/v1/admin/staff/newbie')[0].body).toEqual({ role: 'moderator' });
    expect(await app.screen.findByRole('combobox', { name: 'Role of newbie' })).toHaveValue('moderator');
    expect(app.net.requestsTo('GET', '/api/v1/admin/staff')).toHaveLength(2);
    expect(within(form).getByRole('textbox', { name: 'Username' })).toHaveValue('');
    expect(role).toHaveValue('');
  });

  it('should ask for a username and a role before sending anything', async () => {
    const app = open();
    await app.screen.findByRole('table', { name: 'Staff members' });
    const form = app.screen.getByRole('region', { name: 'Grant a role' });
    await app.user.click(within(form).getByRole('button', { name: 'Grant role' }));
    expect(within(form).getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription('Enter the username of the account');
    expect(within(form).getByRole('combobox', { name: 'Role' })).toHaveAccessibleDescription(expect.stringContaining(STAFF_MESSAGES.roleInvalid));
    expect(app.net.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it.each([
    ['an unknown username', 'nobody', STAFF_MESSAGES.userNotFound],
    ['a contestant', 'vera', STAFF_MESSAGES.contestant],
    ['an account that has not verified its e-mail', 'fresh', STAFF_MESSAGES.notVerified],
  ])('should say beside the form why %s cannot be granted a role', async (_, username, message) => {
    const app = open();
    await app.screen.findByRole('table', { name: 'Staff members' });
    const form = app.screen.getByRole('region', { name: 'Grant a role' });
    await app.user.type(within(form).getByRole('textbox', { name: 'Username' }), username);
    await app.user.selectOptions(within(form).getByRole('combobox', { name: 'Role' }), 'organizer');
    await app.user.click(within(form).getByRole('button', { name: 'Grant role' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
    // What was typed stays, to be corrected, and no one joined the list.
    expect(within(form).getByRole('textbox', { name: 'Username' })).toHaveValue(username);
    expect(app.screen.getByRole('heading', { name: 'Staff members (3)' })).toBeInTheDocument();
  });

  it('should name an unknown username on a bare 404 too', async () => {
    const app = open({ [SET_ROLE]: { status: 404, body: { detail: 'Not Found' } } });
    await app.screen.findByRole('table', { name: 'Staff members' });
    const form = app.screen.getByRole('region', { name: 'Grant a role' });
    await app.user.type(within(form).getByRole('textbox', { name: 'Username' }), 'ghost');
    await app.user.selectOptions(within(form).getByRole('combobox', { name: 'Role' }), 'owner');
    await app.user.click(within(form).getByRole('button', { name: 'Grant role' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(STAFF_MESSAGES.userNotFound);
  });

  it('should change a role in place, after which the list shows it', async () => {
    const app = open();
    const select = await app.screen.findByRole('combobox', { name: 'Role of lurch' });
    expect(app.screen.queryByRole('button', { name: 'Change the role of lurch' })).not.toBeInTheDocument();
    await app.user.selectOptions(select, 'organizer');
    await app.user.click(app.screen.getByRole('button', { name: 'Change the role of lurch' }));
    await waitFor(() => expect(app.net.requestsTo('PUT', '/api/v1/admin/staff/lurch')).toHaveLength(1));
    expect(app.net.requestsTo('PUT', '/api/v1/admin/staff/lurch')[0].body).toEqual({ role: 'organizer' });
    await waitFor(() => expect(app.net.requestsTo('GET', '/api/v1/admin/staff')).toHaveLength(2));
    expect(staff.find((m) => m.username === 'lurch')?.staff_role).toBe('organizer');
    expect(await app.screen.findByRole('combobox', { name: 'Role of lurch' })).toHaveValue('organizer');
    await waitFor(() => expect(app.screen.queryByRole('button', { name: 'Change the role of lurch' })).not.toBeInTheDocument());
  });

  it('should say why the last owner keeps the role, and show the role held', async () => {
    const app = open();
    const select = await app.screen.findByRole('combobox', { name: 'Role of boss' });
    await app.user.selectOptions(select, 'moderator');
    await app.user.click(app.screen.getByRole('button', { name: 'Change the role of boss' }));
    expect(await app.screen.findByRole('alert')).toHaveTextContent(`Could not change the role of boss: ${STAFF_MESSAGES.lastOwner}`);
    expect(select).toHaveValue('owner');
  });

  it('should revoke a role after the confirmation, and not on Cancel', async () => {
    const app = open();
    const row = await rowOf(app.screen, 'gomez');
    await app.user.click(within(row).getByRole('button', { name: 'Revoke the role of gomez' }));
    const dialog = await app.screen.findByRole('dialog', { name: 'Revoke this staff role?' });
    expect(dialog).toHaveTextContent('gomez will no longer be staff: the admin area closes to them.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(app.screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.net.requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await app.user.click(within(row).getByRole('button', { name: 'Revoke the role of gomez' }));
    await app.user.click(within(await app.screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(app.screen.queryByRole('combobox', { name: 'Role of gomez' })).not.toBeInTheDocument());
    expect(app.net.requestsTo('PUT', '/api/v1/admin/staff/gomez')[0].body).toEqual({ role: null });
    // The focus, on the Revoke button of a row now gone, goes to the list's heading.
    await waitFor(() => expect(app.screen.getByRole('heading', { name: 'Staff members (2)' })).toHaveFocus());
  });

  it('should say why the last owner cannot be revoked', async () => {
    const app = open();
    const row = await rowOf(app.screen, 'boss');
    await app.user.click(within(row).getByRole('button', { name: 'Revoke the role of boss' }));
    const dialog = await app.screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('This is your own account.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await app.screen.findByRole('alert')).toHaveTextContent(`Could not change the role of boss: ${STAFF_MESSAGES.lastOwner}`);
    expect(app.screen.getByRole('combobox', { name: 'Role of boss' })).toHaveValue('owner');
  });

  it('should be refused to an organizer without asking the server', async () => {
    const app = open({}, staffToken('organizer'));
    expect(await app.screen.findByRole('heading', { name: STAFF_MESSAGES.permissionRequired })).toBeInTheDocument();
    expect(app.net.requestsTo('GET', '/api/v1/admin/staff')).toEqual([]);
  });
});
