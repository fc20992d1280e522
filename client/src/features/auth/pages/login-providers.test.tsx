import { beforeEach, describe, expect, it } from '@jest/globals';
import { waitFor } from '@testing-library/react';
import { OIDC_MESSAGES as O } from '#contract/auth/messages';
import { paths } from '@/lib/paths';
import { inLocale } from '@/testing/locale';
import { currentPath, renderApp } from '@/testing/render-app';
import { mockNetwork } from '@/testing/server';
import { meFor, SITE } from '@/testing/fixtures';
import { makeToken } from '@/testing/tokens';

const WITH_PROVIDERS = { ...SITE, sign_in_providers: ['google', 'apple'] as ('google' | 'apple')[] };

describe('LoginPage with sign-in providers', () => {
  beforeEach(() => localStorage.clear());

  it('should offer a keyboard-reachable link for each configured provider only, starting its sign-in', async () => {
    mockNetwork({ 'GET /api/v1/site': { body: WITH_PROVIDERS } });
    const { screen, user } = renderApp(paths.login());
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google).toHaveAttribute('href', '/api/v1/auth/oidc/google/start?return_to=%2Fdashboard');
    expect(screen.getByRole('link', { name: 'Continue with Apple' })).toHaveAttribute('href', '/api/v1/auth/oidc/apple/start?return_to=%2Fdashboard');
    expect(screen.queryByRole('link', { name: 'Continue with Facebook' })).not.toBeInTheDocument();
    // Reached by Tab like any link of the page.
    for (let i = 0; i < 40 && document.activeElement !== google; i++) await user.tab();
    expect(google).toHaveFocus();
  });

  it('should come back where the visitor was sent to sign in from', async () => {
    mockNetwork({ 'GET /api/v1/site': { body: WITH_PROVIDERS } });
    const { screen } = renderApp(paths.profileBasics());
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google).toHaveAttribute('href', `/api/v1/auth/oidc/google/start?return_to=${encodeURIComponent(paths.profileBasics())}`);
  });

  it('should offer no provider when the site has none', async () => {
    mockNetwork({ 'GET /api/v1/site': { body: SITE } });
    const { screen } = renderApp(paths.login());
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(screen.queryByRole('link', { name: /Continue with/ })).not.toBeInTheDocument();
  });

  it("should exchange the callback's one-time code for the token, once, and go back where the sign-in started", async () => {
    const token = makeToken({ sub: 'alice' });
    const net = mockNetwork({
      'GET /api/v1/site': { body: WITH_PROVIDERS },
      'POST /api/v1/auth/oidc/complete': { body: { access_token: token, token_type: 'bearer' } },
      'GET /api/v1/users/me': { body: meFor('alice') },
    });
    const { router } = renderApp(`${paths.login()}#oidc_code=${'c'.repeat(43)}&return_to=%2Fvote%2F7`);
    await waitFor(() => expect(currentPath(router)).toBe(paths.vote(7)));
    expect(localStorage.getItem('token')).toBe(token);
    const sent = net.requestsTo('POST', '/api/v1/auth/oidc/complete');
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ code: 'c'.repeat(43) });
    // The code is bound to this browser's HttpOnly cookie: the exchange must carry it.
    expect(sent[0].credentials).toBe('include');
  });

  it('should say an expired code in words and keep the visitor signed out', async () => {
    mockNetwork({
      'GET /api/v1/site': { body: WITH_PROVIDERS },
      'POST /api/v1/auth/oidc/complete': { status: 400, body: { detail: O.handoffExpired } },
    });
    const { screen, router } = renderApp(`${paths.login()}#oidc_code=${'c'.repeat(43)}&return_to=%2F`);
    expect(await screen.findByRole('alert')).toHaveTextContent(O.handoffExpired);
    expect(localStorage.getItem('token')).toBeNull();
    expect(router.state.location.hash).toBe('');
  });

  it.each([
    ['stateRefused', O.stateRefused],
    ['emailUnverified', O.emailUnverified],
    ['accountExists', O.accountExists],
    ['tooManyStarts', O.tooManyStarts],
    ['something-else', O.providerRefused],
  ])("should say the callback's refusal %s", async (refusal, message) => {
    const net = mockNetwork({ 'GET /api/v1/site': { body: WITH_PROVIDERS } });
    const { screen } = renderApp(`${paths.login()}#oidc_error=${refusal}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(net.requestsTo('POST', '/api/v1/auth/oidc/complete')).toHaveLength(0);
  });
});

describe('LoginPage with sign-in providers, in Portuguese', () => {
  inLocale('pt-BR');

  it('should say the buttons and a refusal in Portuguese', async () => {
    mockNetwork({ 'GET /api/v1/site': { body: WITH_PROVIDERS } });
    const { screen } = renderApp(`${paths.login()}#oidc_error=accountExists`);
    expect(await screen.findByRole('link', { name: 'Continuar com Google' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Já existe uma conta com este e-mail.');
  });
});
