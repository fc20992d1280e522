import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { NotFoundPage } from '@/features/errors/pages/not-found-page';
import { chooseLocale } from '@/lib/i18n/i18n';
import { paths } from '@/lib/paths';
import { SITE } from '@/testing/fixtures';
import { renderInLocale } from '@/testing/i18n';
import { renderApp } from '@/testing/render-app';
import { mockNetwork } from '@/testing/server';
import { makeToken } from '@/testing/tokens';

describe('the language switcher', () => {
  beforeEach(() => {
    localStorage.clear();
    mockNetwork({ 'GET /api/v1/site': { body: SITE } });
  });
  afterEach(async () => {
    await act(() => chooseLocale('en'));
    document.cookie = 'locale=; path=/; max-age=0';
  });

  it('should switch the page to Brazilian Portuguese without a reload, remember the choice and say it in <html lang>', async () => {
    const { screen, user } = renderApp(paths.home());
    expect(await screen.findByRole('heading', { name: "This Isn't a Dream. It's Your Horror Debut." })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'Português (Brasil)']);

    await user.selectOptions(select, 'pt-BR');

    expect(await screen.findByRole('heading', { name: 'Isto não é um sonho. É a sua estreia no terror.' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Por que participar do ScreamStage?' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Principal' })).getByRole('link', { name: 'ENTRAR' })).toHaveAttribute('href', paths.login());
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveValue('pt-BR');
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(document.cookie).toContain('locale=pt-BR');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Idioma' }), 'en');
    expect(await screen.findByRole('heading', { name: "This Isn't a Dream. It's Your Horror Debut." })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(document.cookie).toContain('locale=en');
  });

  it("should save a signed-in person's choice to the account, which their e-mails follow, and a visitor's nowhere but the cookie", async () => {
    const visitor = mockNetwork({ 'GET /api/v1/site': { body: SITE } });
    const first = renderApp(paths.home());
    await first.user.selectOptions(await first.screen.findByRole('combobox', { name: 'Language' }), 'pt-BR');
    expect(await first.screen.findByRole('combobox', { name: 'Idioma' })).toHaveValue('pt-BR');
    expect(visitor.requestsTo('PUT', '/api/v1/users/me/locale')).toEqual([]);
    first.unmount();
    await act(() => chooseLocale('en'));

    localStorage.setItem('token', makeToken({ sub: 'vera' }));
    const net = mockNetwork({ 'GET /api/v1/site': { body: SITE }, 'PUT /api/v1/users/me/locale': { body: { locale: 'pt-BR' } } });
    const { screen, user } = renderApp(paths.home());
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'pt-BR');
    expect(await screen.findByRole('combobox', { name: 'Idioma' })).toHaveValue('pt-BR');
    expect(net.requestsTo('PUT', '/api/v1/users/me/locale').map((r) => r.body)).toEqual([{ locale: 'pt-BR' }]);
  });
});

describe('translated pages', () => {
  it('should show the not-found page in English and in Brazilian Portuguese', () => {
    const en = renderInLocale(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(en.getByRole('heading', { name: '404 - Page Not Found. The page you are looking for does not exist.' })).toBeInTheDocument();
    expect(en.getByRole('link', { name: 'Go to Home' })).toBeInTheDocument();
    en.unmount();
    const pt = renderInLocale(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
      'pt-BR',
    );
    expect(pt.getByRole('heading', { name: '404 - Página não encontrada. A página que você procura não existe.' })).toBeInTheDocument();
    expect(pt.getByRole('link', { name: 'Ir para o início' })).toHaveAttribute('href', paths.home());
  });

  it('should show the sign-in page in Brazilian Portuguese, the link inside the sentence kept', async () => {
    mockNetwork({ 'GET /api/v1/site': { body: SITE } });
    await act(() => chooseLocale('pt-BR'));
    const { screen } = renderApp(paths.login());
    expect(await screen.findByRole('heading', { name: 'Que bom ver você de novo' })).toBeInTheDocument();
    expect(screen.getByText('Entre na sua conta')).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail ou nome de usuário/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Senha/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    const register = screen.getByRole('link', { name: 'Cadastre-se' });
    expect(register).toHaveAttribute('href', paths.register());
    expect(register.parentElement).toHaveTextContent('Ainda não tem uma conta? Cadastre-se');
    await act(() => chooseLocale('en'));
  });
});
