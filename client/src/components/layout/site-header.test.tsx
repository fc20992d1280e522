import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, waitFor, within } from '@testing-library/react';
import { chooseLocale } from '@/lib/i18n/i18n';
import { paths } from '@/lib/paths';
import { mockNetwork } from '@/testing/server';
import { renderApp } from '@/testing/render-app';
import { meFor, SITE } from '@/testing/fixtures';
import { makeToken } from '@/testing/tokens';

const me = meFor('alice', ['/uploads/alice-1.jpg']);

describe('site header and footer', () => {
  beforeEach(() => {
    localStorage.clear();
    mockNetwork({ 'GET /api/v1/site': { body: SITE }, 'GET /api/v1/users/me': { body: me } });
  });

  it('should offer LEADERBOARD, SUPPORT and LOGIN to a visitor', async () => {
    const { screen } = renderApp(paths.home());
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'LEADERBOARD' })).toHaveAttribute('href', paths.leaderboard());
    expect(within(nav).getByRole('link', { name: 'SUPPORT' })).toHaveAttribute('href', paths.contactSupport());
    expect(within(nav).getByRole('link', { name: 'LOGIN' })).toHaveAttribute('href', paths.login());
    expect(screen.getByRole('link', { name: 'ScreamStage home' })).toHaveAttribute('href', paths.home());
  });

  it('should toggle the mobile menu and close it with Escape', async () => {
    const { screen, user } = renderApp(paths.home());
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(menu).getByRole('link', { name: 'Home' })).toHaveAttribute('href', paths.home());
    expect(within(menu).getByRole('link', { name: 'How It Works' })).toHaveAttribute('href', paths.home({ hash: 'how-it-works' }));
    expect(within(menu).getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('href', paths.leaderboard());
    expect(within(menu).getByRole('link', { name: 'Support' })).toHaveAttribute('href', paths.contactSupport());
    expect(within(menu).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', paths.login());
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('should move focus into the mobile menu, along it with the arrow keys, and close it when focus leaves', async () => {
    const { screen, user } = renderApp(paths.home());
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    toggle.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(menu).getByRole('link', { name: 'Home' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('link', { name: 'How It Works' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(within(menu).getByRole('link', { name: 'Sign In' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(within(menu).getByRole('link', { name: 'Home' })).toHaveFocus();
    await user.keyboard('{End}');
    await user.tab();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('should give a signed-in contestant My Account and the user menu with their picture', async () => {
    localStorage.setItem('token', makeToken({ sub: 'alice' }));
    const { screen, user } = renderApp(paths.dashboard());
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'My Account' })).toHaveAttribute('href', paths.dashboard());
    const menuButton = screen.getByRole('button', { name: 'Open user menu' });
    await user.click(menuButton);
    expect(screen.getByRole('link', { name: 'Your Profile' })).toHaveAttribute('href', paths.profile('alice'));
    expect(screen.getByRole('link', { name: 'Your Profile' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Account Settings' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Account Settings' })).toHaveAttribute('href', paths.profileBasics());
    expect(screen.getByRole('link', { name: 'Help & Support' })).toHaveAttribute('href', paths.contactSupport());
    await waitFor(() => expect(menuButton.querySelector('img')).toHaveAttribute('src', '/uploads/alice-1.jpg'));
    await user.click(document.body);
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('should list the footer links, three social profiles and the copyright year', async () => {
    const { screen } = renderApp(paths.home());
    const footer = await screen.findByRole('contentinfo');
    const links = within(footer);
    expect(links.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', paths.aboutUs());
    expect(links.getByRole('link', { name: 'Competitions' })).toHaveAttribute('href', paths.competitions());
    expect(links.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', paths.contactSupport({ hash: 'faq' }));
    expect(links.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', paths.contactSupport({ hash: 'contact' }));
    expect(links.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', paths.privacyPolicy());
    expect(links.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', paths.termsOfService());
    expect(links.getAllByRole('link', { name: /^ScreamStage on / })).toHaveLength(3);
    expect(links.getByText(`© ${new Date().getFullYear()} ScreamStage. All rights reserved.`)).toBeInTheDocument();
  });
});

describe('the headers in Brazilian Portuguese', () => {
  beforeEach(async () => {
    localStorage.clear();
    mockNetwork({ 'GET /api/v1/site': { body: SITE }, 'GET /api/v1/users/me': { body: me } });
    await act(() => chooseLocale('pt-BR'));
  });
  afterEach(async () => {
    await act(() => chooseLocale('en'));
    document.cookie = 'locale=; path=/; max-age=0';
  });

  it('should name the logo and the contestant’s user menu in Portuguese', async () => {
    localStorage.setItem('token', makeToken({ sub: 'alice' }));
    const { screen, user } = renderApp(paths.dashboard());
    expect(await screen.findByRole('link', { name: 'Página inicial do ScreamStage' })).toHaveAttribute('href', paths.home());
    await user.click(screen.getByRole('button', { name: 'Abrir menu do usuário' }));
    expect(screen.getByText('Conectado como', { exact: false })).toHaveTextContent('Conectado como alice');
    expect(screen.getByRole('link', { name: 'Seu perfil' })).toHaveAttribute('href', paths.profile('alice'));
    expect(screen.getByRole('link', { name: 'Configurações da conta' })).toHaveAttribute('href', paths.profileBasics());
    expect(screen.getByRole('link', { name: 'Ajuda e suporte' })).toHaveAttribute('href', paths.contactSupport());
  });

  it('should give the admin menu in Portuguese, the phone menu’s Users included', async () => {
    localStorage.setItem('token', makeToken({ sub: 'boss', is_superuser: true }));
    const { screen, user } = renderApp(paths.admin.dashboard());
    const nav = await screen.findByRole('navigation', { name: 'Principal' });
    expect(within(nav).getByRole('link', { name: 'Concursos' })).toHaveAttribute('href', paths.admin.contests());
    expect(within(nav).getByRole('link', { name: 'Todos os participantes' })).toHaveAttribute('href', paths.admin.allContestants());
    expect(within(nav).getByRole('button', { name: 'Sair' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Abrir menu' }));
    const mobile = screen.getByRole('navigation', { name: 'Celular' });
    expect(within(mobile).getByRole('link', { name: 'Usuários' })).toHaveAttribute('href', paths.admin.allContestants());
  });
});
