import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, waitFor, within } from '@testing-library/react';
import { GROUP_ADMIN_MESSAGES as G } from '#contract/contests/messages';
import { activateLocale } from '@/lib/i18n/i18n';
import { paths } from '@/lib/paths';
import { adminToken, deferred, makeAdminContestant } from '@/testing/contest-fixtures';
import { mockNetwork, type Reply, type RecordedRequest } from '@/testing/server';
import { SITE } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';

const LIST = 'GET /api/v1/contestants';
const everyone = Array.from({ length: 12 }, (_, i) => makeAdminContestant(i + 1));
everyone[11] = makeAdminContestant(12, { username: 'vampira', first_name: 'Maila', rank: null, group_number: null, current_contest_votes: null });

/** A fake server search over username and names, paged with skip/limit and x-total-count. */
function search(call: RecordedRequest): Reply {
  const params = new URL(call.url, 'http://x').searchParams;
  const q = (params.get('q') ?? '').toLowerCase();
  const skip = Number(params.get('skip') ?? 0);
  const limit = Number(params.get('limit') ?? 1000);
  const hits = everyone.filter((c) => !q || [c.username, c.first_name, c.last_name].some((v) => v.toLowerCase().includes(q)));
  return { body: hits.slice(skip, skip + limit), headers: { 'x-total-count': String(hits.length) } };
}

function open(routes: Record<string, Reply | ((call: RecordedRequest) => Reply | Promise<Reply>)> = {}, path = paths.admin.allContestants()) {
  const net = mockNetwork({ 'GET /api/v1/site': { body: SITE }, [LIST]: search, ...routes });
  return { ...renderApp(path), net };
}

describe('AllContestantsPage', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', adminToken());
  });

  it('should list 10 a page with the columns, the real rank, and a View link', async () => {
    const app = open();
    expect(await app.screen.findByRole('heading', { name: 'Contestant Management' })).toBeInTheDocument();
    expect(await app.screen.findByText('@ghoul1')).toBeInTheDocument();
    expect(app.screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Contestant', 'Username', 'Votes', 'Rank', 'Actions']);
    expect(app.screen.getAllByRole('row')).toHaveLength(11);
    expect(app.screen.getByText('12 contestants · Page 1 of 2')).toBeInTheDocument();
    const row = app.screen.getByText('@ghoul3').closest('tr') as HTMLElement;
    expect(within(row).getByText('#3')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'View ghoul3' })).toHaveAttribute('href', paths.profile('ghoul3'));

    await app.user.click(app.screen.getByRole('button', { name: 'Page 2' }));
    const vampira = (await app.screen.findByText('@vampira')).closest('tr') as HTMLElement;
    expect(within(vampira).getByLabelText('Not in the current contest')).toHaveTextContent('—');
  });

  it('should search on the server from page 1', async () => {
    const app = open({}, paths.admin.allContestants({ query: { page: 2 } }));
    await app.screen.findByText('@vampira');
    await app.user.type(app.screen.getByRole('searchbox', { name: 'Search contestants' }), 'vamp');
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.admin.allContestants({ query: { q: 'vamp' } })));
    await waitFor(() => expect(app.screen.getAllByRole('row')).toHaveLength(2));
    expect(app.screen.getByText('@vampira')).toBeInTheDocument();
    expect(app.net.requests.at(-1)?.url).toBe('/api/v1/contestants?q=vamp&skip=0&limit=10');

    await app.user.clear(app.screen.getByRole('searchbox', { name: 'Search contestants' }));
    await app.user.type(app.screen.getByRole('searchbox', { name: 'Search contestants' }), 'nobody');
    expect(await app.screen.findByText('No contestants match "nobody".')).toBeInTheDocument();

    // The header link clears the search, box included.
    await app.user.click(app.screen.getAllByRole('link', { name: 'All Contestants' })[0]);
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.admin.allContestants()));
    expect(app.screen.getByRole('searchbox', { name: 'Search contestants' })).toHaveValue('');
    expect(await app.screen.findByText('12 contestants · Page 1 of 2')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(currentPath(app.router)).toBe(paths.admin.allContestants());
  });

  it('should confirm a deletion with the spec texts and toast the result', async () => {
    const reply = deferred<Reply>();
    const app = open({ 'DELETE /api/v1/users/501': () => reply.promise });
    await app.user.click(await app.screen.findByRole('button', { name: 'Delete ghoul1' }));
    const dialog = await app.screen.findByRole('dialog', { name: 'Confirm Deletion' });
    expect(dialog).toHaveAccessibleDescription("Are you sure you want to permanently delete ghoul1's profile? This action cannot be undone");
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete Permanently' }));
    expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    reply.release({ body: { message: 'User deleted' } });
    expect(await app.screen.findByText(G.userDeleted)).toBeInTheDocument();
  });

  it.each([
    ['the server message', { status: 400, body: { detail: 'You cannot delete your own account' } }, 'You cannot delete your own account'],
    ['the spec fallback', { status: 500, body: {} }, G.userDeleteFailed],
  ])('should report a failed deletion with %s', async (_name, reply, message) => {
    const app = open({ 'DELETE /api/v1/users/501': reply });
    await app.user.click(await app.screen.findByRole('button', { name: 'Delete ghoul1' }));
    await app.user.click(within(await app.screen.findByRole('dialog')).getByRole('button', { name: 'Delete Permanently' }));
    expect(await app.screen.findByText(message)).toBeInTheDocument();
  });

  it('should show the error view and load again on Try Again', async () => {
    let fail = true;
    const app = open({ [LIST]: (call) => (fail ? { status: 500, body: {} } : search(call)) });
    expect(await app.screen.findByRole('alert')).toHaveTextContent(G.contestantsLoadFailed);
    fail = false;
    await app.user.click(app.screen.getByRole('button', { name: 'Try Again' }));
    expect(await app.screen.findByText('@ghoul1')).toBeInTheDocument();
  });

  it('should show the server message of a failed load', async () => {
    const { screen } = open({ [LIST]: { status: 503, body: { detail: 'Search is down' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Search is down');
  });
});

describe('AllContestantsPage in Brazilian Portuguese', () => {
  beforeEach(async () => {
    localStorage.clear();
    localStorage.setItem('token', adminToken());
    await act(() => activateLocale('pt-BR'));
  });
  afterEach(() => act(() => activateLocale('en')));

  it('should label the list, count it and search in Portuguese', async () => {
    const app = open();
    expect(await app.screen.findByRole('heading', { name: 'Gestão de participantes' })).toBeInTheDocument();
    expect(await app.screen.findByText('@ghoul1')).toBeInTheDocument();
    expect(app.screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Participante', 'Nome de usuário', 'Votos', 'Posição', 'Ações']);
    expect(app.screen.getByText('12 participantes · Página 1 de 2')).toBeInTheDocument();
    expect(app.screen.getByPlaceholderText('Buscar por nome ou nome de usuário...')).toBeInTheDocument();
    await app.user.type(app.screen.getByRole('searchbox', { name: 'Buscar participantes' }), 'zzz');
    expect(await app.screen.findByText('Nenhum participante corresponde a "zzz".')).toBeInTheDocument();
  });
});
