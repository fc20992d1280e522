// The admin area in Brazilian Portuguese: the menu, the dashboard, the site-content tabs and pages, the
// jobs, staff and audit pages, each read in Portuguese, with their dates written the Portuguese way.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { AuditLogEntry } from '#contract/audit/answers';
import type { AdminJobsOverview } from '#contract/jobs/answers';
import type { AdminSiteSettings } from '#contract/site/answers';
import { setFormatLocale } from '@/lib/i18n/format-locale';
import { paths } from '@/lib/paths';
import { makeContest } from '@/testing/contest-fixtures';
import { FakeSocket } from '@/testing/fake-socket';
import { DEMO_OFFER, QUESTIONS, SITE } from '@/testing/fixtures';
import { i18nFor } from '@/testing/i18n';
import { mockNetwork } from '@/testing/server';
import { makeStaffMember } from '@/testing/staff-fixtures';
import { staffToken } from '@/testing/tokens';
import { AppProvider } from './provider';
import { routes } from './routes';
import { makeStore } from './store';

const SETTINGS: AdminSiteSettings = {
  site_name: 'ScreamStage',
  logo_url: null,
  accent_color: '#e11d2a',
  background_color: '#050505',
  charity_name: 'our partner charity',
  charity_beneficiary: "a children's toy-drive foundation",
  charity_share: 100,
  charity_url: null,
  mail_sender_name: 'ScreamStage',
  mail_from_address: 'no-reply@stage.example',
  updated_at: '2030-01-01T00:00:00.000Z',
};

const JOBS: AdminJobsOverview = {
  mode: 'postgres',
  queues: [{ queue: 'mail', kinds: ['send-email'], waiting: 3, delayed: 0, running: 1, failed: 1, oldest_waiting_seconds: 185 }],
  failed: [
    {
      id: '7',
      queue: 'mail',
      kind: 'send-email',
      key: null,
      attempts: 5,
      error: 'SMTP said 451',
      failed_at: '2030-01-01T12:00:00.000Z',
      created_at: '2030-01-01T11:00:00.000Z',
    },
  ],
  failed_total: 1,
};

const ENTRY: AuditLogEntry = {
  id: '1',
  created_at: '2030-01-01T12:00:00.000Z',
  actor: { id: 1, username: 'boss', email: 'boss@example.com' },
  action: 'group.update',
  target_type: 'group',
  target_id: 1,
  target_name: null,
  before: { is_active: true },
  after: { is_active: false },
};

/** The app at `path` in Portuguese, signed in as an owner, its calls answered. */
function openInPortuguese(path: string) {
  localStorage.setItem('token', staffToken('owner'));
  mockNetwork({
    'GET /api/v1/site': { body: SITE },
    'GET /api/v1/admin/all-contests': { body: [makeContest({ id: 2, name: 'Fright Night', is_current: true })], headers: { 'x-total-count': '1' } },
    'GET /api/v1/admin/contests/:id/groups': { body: [], headers: { 'x-total-count': '0' } },
    'GET /api/v1/admin/support-messages/summary': { body: { open_count: 4 } },
    'GET /api/v1/admin/site': { body: SETTINGS },
    'GET /api/v1/admin/site/categories': { body: { categories: ['Ghouls'] } },
    'GET /api/v1/admin/profile-questions': { body: QUESTIONS },
    'GET /api/v1/admin/vote-packages': { body: DEMO_OFFER },
    'GET /api/v1/admin/jobs': { body: JOBS },
    'GET /api/v1/admin/staff': { body: { items: [makeStaffMember(1, { username: 'boss', staff_role: 'owner', two_factor: false, last_login_at: null })] } },
    'GET /api/v1/admin/audit-log': { body: { items: [ENTRY], total: 1, page: 1, page_size: 20 } },
    'GET /api/v1/admin/audit-log/chain': { body: { intact: true, entries: 1, head: 'ab'.repeat(32), first_broken_id: null } },
  });
  setFormatLocale('pt-BR');
  const store = makeStore(undefined, { socketFactory: () => new FakeSocket() });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider store={store} i18n={i18nFor('pt-BR')}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, user: userEvent.setup() };
}

describe('the admin area in Brazilian Portuguese', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => setFormatLocale('en'));

  it('should show the menu and the dashboard in Portuguese, and lead to the site-content tabs', async () => {
    const { user } = openInPortuguese(paths.admin.dashboard());
    expect(await screen.findByRole('heading', { name: 'Painel administrativo', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Sua função na equipe: Owner')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Criar novo concurso' })).toBeInTheDocument();
    const menu = within(screen.getByRole('navigation', { name: 'Principal' }));
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Concursos',
      'Todos os participantes',
      'Conteúdo do site',
      'Pagamentos',
      'Mensagens',
      'Revisão de votos',
      'Registro de auditoria',
      'Tarefas',
      'Equipe',
      'Webhooks',
      'Dois fatores',
    ]);
    expect(menu.getByRole('button', { name: 'Sair' })).toBeInTheDocument();

    await user.click(menu.getByRole('link', { name: 'Conteúdo do site' }));
    expect(await screen.findByRole('heading', { name: 'Site', level: 1 })).toBeInTheDocument();
    const tabs = within(screen.getByRole('navigation', { name: 'Conteúdo do site' }));
    expect(tabs.getAllByRole('link').map((link) => link.textContent)).toEqual(['Site', 'Categorias', 'Perguntas do perfil', 'Pacotes de votos']);
    expect(await screen.findByRole('textbox', { name: /Nome do site/ })).toHaveValue('ScreamStage');
    expect(screen.getByRole('button', { name: 'Salvar configurações' })).toBeInTheDocument();

    await user.click(tabs.getByRole('link', { name: 'Categorias' }));
    expect(await screen.findByLabelText(/Categorias, uma por linha/)).toHaveValue('Ghouls');
    expect(screen.getByRole('button', { name: 'Salvar categorias' })).toBeInTheDocument();
  });

  it('should show the jobs page in Portuguese with its dates written the Portuguese way', async () => {
    openInPortuguese(paths.admin.jobs());
    expect(await screen.findByRole('heading', { name: 'Tarefas', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Um processo: as tarefas são linhas no PostgreSQL')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tarefas com falha', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Tentativas' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Descartar / })).toBeInTheDocument();
    // "1 de jan. de 2030", not "Jan 1, 2030".
    expect(screen.getByText(/de jan\. de 2030/)).toBeInTheDocument();
  });

  it('should show the staff page in Portuguese', async () => {
    openInPortuguese(paths.admin.staff());
    expect(await screen.findByRole('heading', { name: 'Equipe', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'Último acesso' })).toBeInTheDocument();
    expect(screen.getByText('Nunca')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revogar a função de boss' })).toBeInTheDocument();
    const grant = within(screen.getByRole('region', { name: 'Conceder uma função' }));
    expect(grant.getByRole('button', { name: 'Conceder função' })).toBeInTheDocument();
    expect(grant.getByText('Tudo: classificação dos concursos, edição de concursos', { exact: false })).toBeInTheDocument();
  });

  it('should show the audit log in Portuguese', async () => {
    openInPortuguese(paths.admin.audit());
    expect(await screen.findByRole('heading', { name: 'Registro de auditoria', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'Alterações' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Ação' })).toHaveDisplayValue('Todas as ações');
    expect(screen.getByText('sim')).toBeInTheDocument();
    expect(screen.getByText('não')).toBeInTheDocument();
  });
});
