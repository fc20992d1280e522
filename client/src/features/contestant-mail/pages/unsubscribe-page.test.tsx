import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act } from '@testing-library/react';
import { MAIL_MESSAGES as M } from '#contract/mail/messages';
import { activateLocale } from '@/lib/i18n/i18n';
import { paths } from '@/lib/paths';
import { SITE } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { mockNetwork } from '@/testing/server';
import { makeToken } from '@/testing/tokens';

const TOKEN = 'A'.repeat(43);
const site = { 'GET /api/v1/site': { body: SITE } };
const answer = (unsubscribed: boolean) => ({
  body: { kind: 'round_results', unsubscribed, detail: unsubscribed ? M.unsubscribed('round_results') : M.subscribed('round_results') },
});

describe('UnsubscribePage', () => {
  beforeEach(() => localStorage.clear());

  it('should stop the link’s kind of e-mail once, without a sign-in, and undo it on request', async () => {
    // Signed in or not, the link's token alone is sent: a shared computer's session has no say.
    localStorage.setItem('token', makeToken({ sub: 'vera' }));
    const net = mockNetwork({ ...site, 'POST /api/v1/mail/unsubscribe': answer(true), 'POST /api/v1/mail/resubscribe': answer(false) });
    const { screen, user } = renderApp(paths.unsubscribe({ query: { token: TOKEN } }), { strict: true });
    expect(await screen.findByText(M.unsubscribed('round_results'))).toHaveAttribute('role', 'status');
    const posts = net.requestsTo('POST', '/api/v1/mail/unsubscribe');
    expect(posts.map((r) => r.url)).toEqual([`/api/v1/mail/unsubscribe?token=${TOKEN}`]);
    expect(posts[0].headers.get('authorization')).toBeNull();
    expect(screen.getByRole('link', { name: 'Choose your e-mails on the dashboard' })).toHaveAttribute('href', paths.dashboard());

    await user.click(screen.getByRole('button', { name: 'Undo: keep getting these e-mails' }));
    expect(await screen.findByText(M.subscribed('round_results'))).toBeInTheDocument();
    expect(net.requestsTo('POST', '/api/v1/mail/resubscribe')).toHaveLength(1);
    expect(net.requestsTo('POST', '/api/v1/mail/unsubscribe')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Unsubscribe again' })).toBeEnabled();
  });

  it('should say so when the link is unknown, expired or has no token', async () => {
    mockNetwork({ ...site, 'POST /api/v1/mail/unsubscribe': { status: 404, body: { detail: M.invalidLink } } });
    const bad = renderApp(paths.unsubscribe({ query: { token: TOKEN } }));
    expect(await bad.screen.findByRole('alert')).toHaveTextContent(M.invalidLink);
    bad.unmount();

    const net = mockNetwork(site);
    const none = renderApp(paths.unsubscribe());
    expect(await none.screen.findByRole('alert')).toHaveTextContent(M.invalidLink);
    expect(net.requestsTo('POST', '/api/v1/mail/unsubscribe')).toHaveLength(0);
  });
});

describe('UnsubscribePage in Brazilian Portuguese', () => {
  beforeEach(async () => {
    localStorage.clear();
    await act(() => activateLocale('pt-BR'));
  });
  afterEach(() => act(() => activateLocale('en')));

  it('should title the card and offer the undo in Portuguese', async () => {
    mockNetwork({ ...site, 'POST /api/v1/mail/unsubscribe': answer(true) });
    const { screen } = renderApp(paths.unsubscribe({ query: { token: TOKEN } }));
    expect(await screen.findByRole('button', { name: 'Desfazer: continuar recebendo estes e-mails' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Preferências de e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Escolha seus e-mails no Painel' })).toHaveAttribute('href', paths.dashboard());
  });
});
