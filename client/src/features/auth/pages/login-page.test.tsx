import { beforeEach, describe, expect, it } from '@jest/globals';
import { waitFor, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES as A, LOGIN_MESSAGES as L } from '#contract/auth/messages';
import { paths } from '@/lib/paths';
import { mockNetwork, type Reply } from '@/testing/server';
import { currentPath, renderApp } from '@/testing/render-app';
import { meFor, SITE } from '@/testing/fixtures';
import { makeToken } from '@/testing/tokens';

const LOGIN = 'POST /api/v1/auth/login';

async function signInWith(reply: Reply, path = paths.login(), routes: Record<string, Reply> = {}, login = 'alice') {
  const net = mockNetwork({ 'GET /api/v1/site': { body: SITE }, [LOGIN]: reply, 'GET /api/v1/users/me': { body: meFor('alice') }, ...routes });
  const app = renderApp(path);
  await app.screen.findByRole('heading', { name: 'Welcome back' });
  await app.user.type(app.screen.getByLabelText('Email or Username'), login);
  await app.user.type(app.screen.getByLabelText('Password'), 'secret-password');
  await app.user.click(app.screen.getByRole('button', { name: 'Sign In' }));
  return { ...app, net };
}

describe('LoginPage', () => {
  beforeEach(() => localStorage.clear());

  it('should show the required messages and send nothing', async () => {
    const net = mockNetwork({ 'GET /api/v1/site': { body: SITE } });
    const { screen, user } = renderApp(paths.login());
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(L.emailOrUsernameRequired)).toBeInTheDocument();
    expect(screen.getByText(L.passwordRequired)).toBeInTheDocument();
    expect(net.requestsTo('POST', '/api/v1/auth/login')).toHaveLength(0);
  });

  it('should clear the stored registration e-mail when it opens', async () => {
    localStorage.setItem('registrationEmail', 'queen@example.com');
    mockNetwork({ 'GET /api/v1/site': { body: SITE } });
    const { screen } = renderApp(paths.login());
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(localStorage.getItem('registrationEmail')).toBeNull();
  });

  it.each([
    ['400 with a detail', { status: 400, body: { detail: 'Invalid credentials' } }, 'Invalid credentials'],
    ['400 without a detail', { status: 400, body: {} }, L.invalidCredentials],
    ['403 Email not verified', { status: 403, body: { detail: 'Email not verified' } }, L.verifyFirst],
    ['another 403', { status: 403, body: { detail: 'Account suspended' } }, 'Account suspended'],
    ['a 403 without a detail', { status: 403, body: {} }, L.forbidden],
    ['422', { status: 422, body: { detail: [{ loc: ['body', 'username'], msg: 'Field required', type: 'missing' }] } }, L.validation],
    ['429 with a detail', { status: 429, body: { detail: 'Too many attempts' } }, 'Too many attempts'],
    ['500 without a detail', { status: 500, body: {} }, L.failed],
  ])('should map %s to its message', async (_name, reply, message) => {
    const { screen } = await signInWith(reply);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('should offer to resend the verification e-mail to an unverified account, asking for the address when a username was typed', async () => {
    const { screen, user, net } = await signInWith({ status: 403, body: { detail: 'Email not verified' } }, paths.login(), {
      'POST /api/v1/auth/request-email-verification': { body: { message: A.verificationSent } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(L.verifyFirst);
    const resend = screen.getByRole('form', { name: "Didn't get the verification e-mail?" });
    const email = within(resend).getByLabelText('Your e-mail address');
    expect(email).toHaveValue('');
    await user.click(within(resend).getByRole('button', { name: 'Resend verification email' }));
    expect(await within(resend).findByText(L.resendEmailRequired)).toBeInTheDocument();
    expect(net.requestsTo('POST', '/api/v1/auth/request-email-verification')).toHaveLength(0);
    await user.type(email, 'alice@example.com');
    await user.click(within(resend).getByRole('button', { name: 'Resend verification email' }));
    // The server's answer is the same whoever asks: it is shown as it is.
    expect(await within(resend).findByRole('status')).toHaveTextContent(A.verificationSent);
    expect(net.requestsTo('POST', '/api/v1/auth/request-email-verification').map((r) => r.body)).toEqual([{ email: 'alice@example.com' }]);
  });

  it('should fill the resend with the e-mail typed to sign in, and offer none for a wrong password', async () => {
    const app = await signInWith({ status: 403, body: { detail: 'Email not verified' } }, paths.login(), {}, 'alice@example.com');
    expect(await app.screen.findByLabelText('Your e-mail address')).toHaveValue('alice@example.com');
    app.unmount();
    const wrong = await signInWith({ status: 400, body: { detail: 'Invalid credentials' } });
    expect(await wrong.screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(wrong.screen.queryByRole('form', { name: "Didn't get the verification e-mail?" })).not.toBeInTheDocument();
  });

  it('should send the form encoded with remember_me', async () => {
    const { net, screen } = await signInWith({ status: 400, body: { detail: 'Invalid credentials' } });
    await screen.findByRole('alert');
    const body = net.requestsTo('POST', '/api/v1/auth/login')[0].body as URLSearchParams;
    expect(body).toBeInstanceOf(URLSearchParams);
    expect(Object.fromEntries(body)).toEqual({ username: 'alice', password: 'secret-password', remember_me: 'false' });
  });

  it('should take a contestant back where they came from, replacing history', async () => {
    const token = makeToken({ sub: 'alice' });
    const { router, screen } = await signInWith({ body: { access_token: token, token_type: 'bearer' } }, paths.profileBasics());
    await waitFor(() => expect(currentPath(router)).toBe(paths.profileBasics()));
    expect(localStorage.getItem('token')).toBe(token);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { name: 'Profile Basics' })).toBeInTheDocument();
  });

  it('should take a contestant to /dashboard when they came straight to /login', async () => {
    const { router, screen } = await signInWith({ body: { access_token: makeToken({ sub: 'alice' }), token_type: 'bearer' } });
    await waitFor(() => expect(currentPath(router)).toBe(paths.dashboard()));
    expect(await screen.findByRole('heading', { name: 'Welcome, alice' })).toBeInTheDocument();
  });

  it('should take a superuser to /admin', async () => {
    const token = makeToken({ sub: 'boss', is_superuser: true });
    const { router } = await signInWith({ body: { access_token: token, token_type: 'bearer' } }, paths.dashboard());
    await waitFor(() => expect(currentPath(router)).toBe(paths.admin.dashboard()));
  });
});
