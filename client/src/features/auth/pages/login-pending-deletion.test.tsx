import { beforeEach, describe, expect, it } from '@jest/globals';
import { within } from '@testing-library/react';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { adminToken } from '@/testing/contest-fixtures';
import { meFor, SITE } from '@/testing/fixtures';
import { mockNetwork } from '@/testing/server';
import { renderApp } from '@/testing/render-app';

const DUE = '2030-11-14T12:00:00.000Z';

describe('sign-in with a pending deletion', () => {
  beforeEach(() => localStorage.clear());

  it("should show the notice with its date and 'Keep my account' at once, even when this tab read the account before the deletion was asked", async () => {
    // The account as this tab first reads it; then its deletion is asked from another device.
    let due: string | null = null;
    const net = mockNetwork({
      'GET /api/v1/site': { body: SITE },
      'POST /api/v1/auth/login': { body: { access_token: adminToken(), token_type: 'bearer' } },
      'GET /api/v1/users/me': () => ({ body: { ...meFor('boss'), is_superuser: true, staff_role: 'owner', deletion_due_at: due } }),
      'GET /api/v1/admin/all-contests': { body: [], headers: { 'x-total-count': '0' } },
    });
    const app = renderApp(paths.login());
    const signIn = async () => {
      await app.screen.findByRole('heading', { name: 'Welcome back' });
      await app.user.type(app.screen.getByLabelText('Email or Username'), 'boss');
      await app.user.type(app.screen.getByLabelText('Password'), 'secret-password');
      await app.user.click(app.screen.getByRole('button', { name: 'Sign In' }));
    };
    await signIn();
    expect(await app.screen.findByRole('region', { name: 'Your data' })).toBeInTheDocument();
    expect(app.screen.queryByText(/scheduled for deletion/)).not.toBeInTheDocument();
    await app.user.click(app.screen.getAllByRole('button', { name: 'Sign Out' })[0]);

    due = DUE;
    await signIn();
    const notice = await app.screen.findByText(`Your account is scheduled for deletion on ${formatDateTime(DUE)}. Until then you can keep it.`);
    expect(within(notice.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Keep my account' })).toBeInTheDocument();
    expect(net.requestsTo('GET', '/api/v1/users/me').length).toBeGreaterThanOrEqual(2);
  });
});
