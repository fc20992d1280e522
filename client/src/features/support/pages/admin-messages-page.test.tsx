import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, waitFor, within } from '@testing-library/react';
import type { SupportMessageItem, SupportMessagesPage } from '#contract/support/answers';
import { NOT_FOUND_MESSAGES } from '#contract/common/messages';
import { SUPPORT_MESSAGES as M } from '#contract/support/messages';
import { formatDateTime } from '@/lib/dates';
import { activateLocale } from '@/lib/i18n/i18n';
import { paths } from '@/lib/paths';
import { PREVIEW_CHARS, previewOf } from './admin-messages-page';
import { adminToken, deferred } from '@/testing/contest-fixtures';
import { SITE } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';
import { mockNetwork, type RecordedRequest, type Reply, type Responder } from '@/testing/server';
import { makeToken } from '@/testing/tokens';

const LIST = 'GET /api/v1/admin/support-messages';
const SUMMARY = 'GET /api/v1/admin/support-messages/summary';
const ONE = 'GET /api/v1/admin/support-messages/:id';
const UPDATE = 'PUT /api/v1/admin/support-messages/:id';

const makeMessage = (n: number, over: Partial<SupportMessageItem> = {}): SupportMessageItem => ({
  id: n,
  topic: 'technical',
  name: `Fan ${n}`,
  email: `fan${n}@example.com`,
  message: `Problem number ${n}\nMore details on a second line.`,
  status: 'open',
  user_id: null,
  username: null,
  created_at: new Date(Date.UTC(2030, 0, 1, 12, 0) - n * 60_000).toISOString(),
  handled_at: null,
  ...over,
});

let all: SupportMessageItem[] = [];

/** A fake server filtering and paging `all` (newest first, as it is built). */
function list(call: RecordedRequest): Reply {
  const params = new URL(call.url, 'http://x').searchParams;
  const skip = Number(params.get('skip') ?? 0);
  const limit = Number(params.get('limit') ?? 20);
  const hits = all.filter((m) => (!params.get('topic') || m.topic === params.get('topic')) && (!params.get('status') || m.status === params.get('status')));
  const body: SupportMessagesPage = { items: hits.slice(skip, skip + limit), total: hits.length, open_count: all.filter((m) => m.status === 'open').length };
  return { body };
}

const idOf = (call: RecordedRequest) => Number(call.path.split('/').pop());

function open(routes: Record<string, Responder> = {}, path = paths.admin.messages()) {
  const net = mockNetwork({
    'GET /api/v1/site': { body: SITE },
    [LIST]: list,
    [SUMMARY]: () => ({ body: { open_count: all.filter((m) => m.status === 'open').length } }),
    [ONE]: (call) => {
      const m = all.find((x) => x.id === idOf(call));
      return m ? { body: m } : { status: 404, body: { detail: M.messageNotFound } };
    },
    [UPDATE]: (call) => {
      const { status } = call.body as { status: SupportMessageItem['status'] };
      all = all.map((m) => (m.id === idOf(call) ? { ...m, status, handled_at: status === 'handled' ? '2030-01-02T09:00:00.000Z' : null } : m));
      return { body: all.find((m) => m.id === idOf(call)) };
    },
    ...routes,
  });
  return { ...renderApp(path), net };
}

const listUrls = (net: ReturnType<typeof open>['net']) => net.requests.map((r) => r.url).filter((u) => u.startsWith('/api/v1/admin/support-messages?'));

describe('AdminMessagesPage', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', adminToken());
    all = Array.from({ length: 23 }, (_, i) => makeMessage(i + 1, i % 5 === 1 ? { topic: 'billing', status: 'handled' } : {}));
    all[0] = makeMessage(1, { name: 'Vera Vane', email: 'vera@example.com', topic: 'account', message: '\nMy login fails.\nSince Tuesday.', username: 'vera' });
  });

  it('should list messages newest first with time, topic, sender, status and the first line, 20 a page', async () => {
    const app = open();
    expect(await app.screen.findByRole('heading', { name: 'Messages', level: 1 })).toBeInTheDocument();
    const table = await app.screen.findByRole('table', { name: 'Support messages' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'Topic', 'From', 'Status', 'Message']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(1 + 20);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([formatDateTime(all[0].created_at), 'Account', 'Vera Vanevera@example.com', 'Open', 'My login fails.']);
    expect(within(rows[2]).getByText('Handled')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Billing & donations')).toBeInTheDocument();
    expect(app.screen.getByText('23 messages · Page 1 of 2')).toBeInTheDocument();
    expect(app.screen.getByText('18 open messages')).toBeInTheDocument();
    expect(listUrls(app.net)).toEqual(['/api/v1/admin/support-messages?skip=0&limit=20']);

    await app.user.click(within(app.screen.getByRole('navigation', { name: 'Message pages' })).getByRole('button', { name: /2/ }));
    expect(await app.screen.findByText('23 messages · Page 2 of 2')).toBeInTheDocument();
    expect(currentPath(app.router)).toBe(paths.admin.messages({ query: { page: 2 } }));
  });

  it('should cut a long first line after a whole word, with an ellipsis', async () => {
    const long = 'My payment went through twice yesterday evening and the receipt shows two charges of fifty dollars for the same package of votes';
    all[0] = makeMessage(1, { name: 'Vera Vane', message: `${long}\nSecond line.` });
    const app = open();
    const rows = within(await app.screen.findByRole('table', { name: 'Support messages' })).getAllByRole('row');
    const preview = within(rows[1]).getByRole('button', { name: /^Open message from Vera Vane/ });
    // Within the limit, ending on a word (no cut mid-word), then "…"; the dialog shows it whole.
    expect(preview).toHaveTextContent('My payment went through twice yesterday evening and the receipt shows two charges of fifty…');
    expect(preview.textContent!.length).toBeLessThanOrEqual(PREVIEW_CHARS + 1);
    expect(long.startsWith(preview.textContent!.slice(0, -1) + ' ')).toBe(true);
    expect(previewOf('x'.repeat(200))).toBe(`${'x'.repeat(PREVIEW_CHARS)}…`);
    expect(previewOf('Short and whole.')).toBe('Short and whole.');
  });

  it('should filter by topic and status through the address, back to page 1', async () => {
    const app = open({}, paths.admin.messages({ query: { page: 2 } }));
    expect(await app.screen.findByText('23 messages · Page 2 of 2')).toBeInTheDocument();
    await app.user.selectOptions(app.screen.getByLabelText('Status'), 'handled');
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.admin.messages({ query: { status: 'handled' } })));
    expect(await app.screen.findByText('5 messages · Page 1 of 1')).toBeInTheDocument();
    await app.user.selectOptions(app.screen.getByLabelText('Topic'), 'technical');
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.admin.messages({ query: { status: 'handled', topic: 'technical' } })));
    expect(await app.screen.findByText(M.emptyFiltered)).toBeInTheDocument();
    expect(listUrls(app.net)).toEqual([
      '/api/v1/admin/support-messages?skip=20&limit=20',
      '/api/v1/admin/support-messages?skip=0&limit=20&status=handled',
      '/api/v1/admin/support-messages?skip=0&limit=20&topic=technical&status=handled',
    ]);
  });

  it('should say when there are no messages at all, and show an error with Try Again', async () => {
    all = [];
    const empty = open();
    expect(await empty.screen.findByText(M.empty)).toBeInTheDocument();
    empty.unmount();

    all = [makeMessage(1)];
    const reply = deferred<Reply>();
    let fail = true;
    const app = open({ [LIST]: (call) => (fail ? reply.promise : list(call)) });
    expect(await app.screen.findByRole('heading', { name: 'Messages', level: 1 })).toBeInTheDocument();
    expect(app.screen.getAllByRole('status').some((s) => s.textContent === 'Loading...')).toBe(true);
    reply.release({ status: 500, body: {} });
    expect(await app.screen.findByText(M.loadFailed)).toBeInTheDocument();
    fail = false;
    await app.user.click(app.screen.getByRole('button', { name: 'Try Again' }));
    expect(await app.screen.findByRole('table', { name: 'Support messages' })).toBeInTheDocument();
  });

  it('should open a message in full, mark it handled, reopen it, and close with Escape', async () => {
    const app = open();
    await app.user.click(await app.screen.findByRole('button', { name: 'Open message from Vera Vane: My login fails.' }));
    const dialog = await app.screen.findByRole('dialog', { name: 'Account · Vera Vane' });
    expect(within(dialog).getByText(/My login fails\.\s+Since Tuesday\./)).toBeInTheDocument();
    expect(within(dialog).getByText('@vera', { exact: false })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute('href', 'mailto:vera%40example.com?subject=Re%3A%20Account');

    await app.user.click(within(dialog).getByRole('button', { name: 'Mark as handled' }));
    expect(await within(dialog).findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(within(dialog).getByText('Handled')).toBeInTheDocument();
    expect(app.net.requestsTo('PUT', '/api/v1/admin/support-messages/1').map((r) => r.body)).toEqual([{ status: 'handled' }]);
    // The list behind follows.
    await waitFor(() => expect(app.screen.getByText('17 open messages')).toBeInTheDocument());

    await app.user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(await within(dialog).findByRole('button', { name: 'Mark as handled' })).toBeInTheDocument();
    expect(app.net.requestsTo('PUT', '/api/v1/admin/support-messages/1').map((r) => r.body)).toEqual([{ status: 'handled' }, { status: 'open' }]);

    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(app.screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.screen.getByRole('button', { name: 'Open message from Vera Vane: My login fails.' })).toHaveFocus();
  });

  it('should report a failed update and keep the message open', async () => {
    const app = open({ [UPDATE]: { status: 500, body: {} } });
    await app.user.click(await app.screen.findByRole('button', { name: /Open message from Vera Vane/ }));
    const dialog = await app.screen.findByRole('dialog');
    await app.user.click(within(dialog).getByRole('button', { name: 'Mark as handled' }));
    expect(await app.screen.findByText(M.updateFailed)).toBeInTheDocument();
    // The toast and the button's re-render follow the failed answer in either order.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Mark as handled' })).toBeEnabled());
  });

  it('should be reached from the admin header and the dashboard card, and kept from a non-superuser', async () => {
    const app = open({ 'GET /api/v1/admin/contests': { body: [], headers: { 'x-total-count': '0' } } }, paths.admin.dashboard());
    const card = await app.screen.findByRole('link', { name: /Open messages/ });
    expect(card).toHaveAttribute('href', paths.admin.messages({ query: { status: 'open' } }));
    await waitFor(() => expect(card).toHaveTextContent('Open messages18'));
    const links = app.screen.getAllByRole('link', { name: 'Messages' });
    expect(links[0]).toHaveAttribute('href', paths.admin.messages());
    await app.user.click(links[0]);
    expect(await app.screen.findByRole('table', { name: 'Support messages' })).toBeInTheDocument();
    expect(currentPath(app.router)).toBe(paths.admin.messages());
    app.unmount();

    localStorage.setItem('token', makeToken({ sub: 'fan', email: 'fan@example.com', is_superuser: false }));
    const fan = open();
    expect(await fan.screen.findByRole('heading', { name: NOT_FOUND_MESSAGES.adminOnlyTitle })).toBeInTheDocument();
    expect(fan.net.requests.filter((r) => r.path.startsWith('/api/v1/admin/support-messages'))).toEqual([]);
  });

  it('should list Messages in the admin mobile menu', async () => {
    const app = open({}, paths.admin.messages());
    await app.screen.findByRole('table', { name: 'Support messages' });
    await app.user.click(app.screen.getByRole('button', { name: /menu/i }));
    const menuLinks = await app.screen.findAllByRole('link', { name: 'Messages' });
    expect(menuLinks.length).toBeGreaterThanOrEqual(2);
    expect(menuLinks.every((l) => l.getAttribute('href') === paths.admin.messages())).toBe(true);
  });
});

describe('AdminMessagesPage in Brazilian Portuguese', () => {
  beforeEach(async () => {
    localStorage.clear();
    localStorage.setItem('token', adminToken());
    all = [makeMessage(1, { name: 'Vera Vane', status: 'handled' }), makeMessage(2)];
    await activateLocale('pt-BR');
  });
  // The page still shown hears the language change: inside act, like any update of a test.
  afterEach(() => act(() => activateLocale('en')));

  it('should show the inbox, its count of open messages and a message dialog in Portuguese', async () => {
    const app = open();
    expect(await app.screen.findByRole('heading', { name: 'Mensagens', level: 1 })).toBeInTheDocument();
    expect(await app.screen.findByText('1 mensagem aberta')).toBeInTheDocument();
    const table = app.screen.getByRole('table', { name: 'Mensagens de suporte' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Horário', 'Assunto', 'De', 'Situação', 'Mensagem']);
    expect(within(table).getByText('Resolvida')).toBeInTheDocument();
    await app.user.click(app.screen.getByRole('button', { name: 'Abrir a mensagem de Fan 2: Problem number 2' }));
    const dialog = await app.screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Marcar como resolvida' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Responder por e-mail' })).toBeInTheDocument();
  });
});
