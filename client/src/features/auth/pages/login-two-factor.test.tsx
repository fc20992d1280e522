// The sign-in's second step for an account with two-factor sign-in: the code field, the recovery-code
// switch, a wrong code, the way back.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { waitFor } from '@testing-library/react';
import { recoveryCodesLeftMessage, TWO_FACTOR_MESSAGES as M } from '#contract/twofactor/messages';
import { paths } from '@/lib/paths';
import { meFor, SITE } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';
import { mockNetwork, type Reply, type Responder } from '@/testing/server';
import { makeToken } from '@/testing/tokens';

const LOGIN = 'POST /api/v1/auth/login';
const SECOND_STEP = 'POST /api/v1/auth/login/two-factor';
const CHALLENGE = 'opaque-challenge-123';
const ownerToken = makeToken({ sub: 'boss', email: 'boss@example.com', is_superuser: true });

const signedIn = (over: Partial<{ recovery_code_used: boolean; recovery_codes_left: number }> = {}): Reply => ({
  body: { access_token: ownerToken, token_type: 'bearer', recovery_code_used: false, recovery_codes_left: 10, ...over },
});

async function passwordStep(secondStep: Responder) {
  const net = mockNetwork({
    'GET /api/v1/site': { body: SITE },
    'GET /api/v1/users/me': { body: meFor('boss') },
    [LOGIN]: { body: { two_factor_required: true, challenge: CHALLENGE } },
    [SECOND_STEP]: secondStep,
  });
  const app = renderApp(paths.login());
  await app.screen.findByRole('heading', { name: 'Welcome back' });
  await app.user.type(app.screen.getByLabelText('Email or Username'), 'boss');
  await app.user.type(app.screen.getByLabelText('Password'), 'secret-password');
  await app.user.click(app.screen.getByRole('button', { name: 'Sign In' }));
  await app.screen.findByRole('form', { name: 'Two-factor sign-in' });
  return { ...app, net };
}

describe('LoginPage, two-factor step', () => {
  beforeEach(() => localStorage.clear());

  it('should ask for the code in one focused numeric field, say when it is wrong, and sign in with the right one', async () => {
    let answer: Reply = { status: 401, body: { detail: M.wrongCode } };
    const app = await passwordStep(() => answer);
    const field = app.screen.getByLabelText('Authentication code');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(app.screen.getByRole('form', { name: 'Two-factor sign-in' })).toHaveAccessibleDescription(/6-digit code your authenticator app shows/);
    expect(localStorage.getItem('token')).toBeNull();

    await app.user.type(field, '111111{Enter}');
    expect(await app.screen.findByRole('alert')).toHaveTextContent(M.wrongCode);
    expect(field).toHaveValue('');
    expect(localStorage.getItem('token')).toBeNull();
    expect(currentPath(app.router)).toBe(paths.login());

    answer = signedIn();
    await app.user.type(field, '123 456');
    await app.user.click(app.screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.admin.dashboard()));
    expect(localStorage.getItem('token')).toBe(ownerToken);
    expect(app.net.requestsTo('POST', '/api/v1/auth/login/two-factor').map((r) => r.body)).toEqual([
      { challenge: CHALLENGE, code: '111111' },
      { challenge: CHALLENGE, code: '123 456' },
    ]);
  });

  it('should check the code before sending it', async () => {
    const app = await passwordStep(signedIn());
    await app.user.click(app.screen.getByRole('button', { name: 'Verify' }));
    expect(await app.screen.findByText(M.codeRequired)).toBeInTheDocument();
    expect(app.screen.getByLabelText('Authentication code')).toHaveAttribute('aria-invalid', 'true');
    await app.user.type(app.screen.getByLabelText('Authentication code'), '12ab{Enter}');
    expect(await app.screen.findByText(M.codeRequired)).toBeInTheDocument();
    expect(app.net.requestsTo('POST', '/api/v1/auth/login/two-factor')).toHaveLength(0);
  });

  it('should take a recovery code instead, and say how many are left', async () => {
    const app = await passwordStep(signedIn({ recovery_code_used: true, recovery_codes_left: 2 }));
    await app.user.click(app.screen.getByRole('button', { name: 'Use a recovery code' }));
    const field = app.screen.getByLabelText('Recovery code');
    expect(field).toHaveFocus();
    expect(app.screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    await app.user.type(field, 'k7m2');
    await app.user.click(app.screen.getByRole('button', { name: 'Verify' }));
    expect(await app.screen.findByText(M.signInCodeFormat)).toBeInTheDocument();
    await app.user.type(field, '-x9qd-4tnb{Enter}');
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.admin.dashboard()));
    expect(app.net.requestsTo('POST', '/api/v1/auth/login/two-factor').map((r) => r.body)).toEqual([{ challenge: CHALLENGE, code: 'k7m2-x9qd-4tnb' }]);
    expect(await app.screen.findByText(recoveryCodesLeftMessage(2))).toBeInTheDocument();
  });

  it('should go back to the password form, and say when the sign-in expired', async () => {
    const app = await passwordStep({ status: 401, body: { detail: M.challengeExpired } });
    await app.user.type(app.screen.getByLabelText('Authentication code'), '123456{Enter}');
    expect(await app.screen.findByRole('alert')).toHaveTextContent(M.challengeExpired);
    await app.user.click(app.screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await app.screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.screen.queryByRole('form', { name: 'Two-factor sign-in' })).not.toBeInTheDocument();
  });
});
