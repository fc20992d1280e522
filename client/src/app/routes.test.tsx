import { beforeEach, describe, expect, it } from '@jest/globals';
import { waitFor } from '@testing-library/react';
import { NOT_FOUND_MESSAGES } from '#contract/common/messages';
import { paths } from '@/lib/paths';
import { mockNetwork } from '../testing/server';
import { meFor, SITE } from '../testing/fixtures';
import { currentPath, renderApp } from '../testing/render-app';
import { makeToken } from '../testing/tokens';

describe('route guards', () => {
  beforeEach(() => {
    localStorage.clear();
    mockNetwork({ 'GET /api/v1/site': { body: SITE }, 'GET /api/v1/users/me': { body: meFor('alice') } });
  });

  it('should send an anonymous visitor from /dashboard to /login and back after sign-in', async () => {
    const { router, screen } = renderApp(paths.dashboard());
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(currentPath(router)).toBe(paths.login());
    expect(router.state.location.state).toMatchObject({ from: { pathname: paths.dashboard() } });
  });

  it('should show a contestant the admin-only 404 on /admin', async () => {
    localStorage.setItem('token', makeToken({ sub: 'alice' }));
    const { screen } = renderApp(paths.admin.dashboard());
    expect(await screen.findByRole('heading', { name: NOT_FOUND_MESSAGES.adminOnlyTitle })).toBeInTheDocument();
    expect(screen.getByText(NOT_FOUND_MESSAGES.adminOnlyBody)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', paths.dashboard());
  });

  it('should show an anonymous visitor the admin-only 404 with a link home', async () => {
    const { screen } = renderApp(paths.admin.contests());
    expect(await screen.findByText(NOT_FOUND_MESSAGES.adminOnlyBody)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', paths.home());
  });

  it('should show a superuser on /dashboard the permission message with a link to the admin dashboard', async () => {
    localStorage.setItem('token', makeToken({ sub: 'boss', is_superuser: true }));
    const { screen } = renderApp(paths.dashboard());
    expect(await screen.findByText('You do not have permission to access this page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Admin Dashboard' })).toHaveAttribute('href', paths.admin.dashboard());
  });

  it('should let a superuser into the admin area', async () => {
    localStorage.setItem('token', makeToken({ sub: 'boss', is_superuser: true }));
    const { screen } = renderApp(paths.admin.dashboard());
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'All Contestants' })[0]).toHaveAttribute('href', paths.admin.allContestants());
  });

  it('should show the not-found page for an unknown path', async () => {
    const { screen } = renderApp(`${paths.home()}no/such/page`);
    expect(await screen.findByText(NOT_FOUND_MESSAGES.page)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', paths.home());
  });

  it('should welcome a signed-in contestant on /dashboard and sign out to /login', async () => {
    localStorage.setItem('token', makeToken({ sub: 'alice' }));
    const { router, screen, user } = renderApp(paths.dashboard());
    expect(await screen.findByRole('heading', { name: 'Welcome, alice' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(currentPath(router)).toBe(paths.login()));
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });
});
