import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { waitFor, within } from '@testing-library/react';
import { MY_DATA_MESSAGES as M } from '#contract/account/messages';
import type { CurrentUser } from '#contract/auth/answers';
import { formatDateTime } from '@/lib/dates';
import { activateLocale } from '@/lib/i18n/i18n';
import { files } from '@/lib/download';
import { paths } from '@/lib/paths';
import { readText } from '@/testing/blobs';
import { deferred } from '@/testing/contest-fixtures';
import { SITE } from '@/testing/fixtures';
import { mockNetwork, type Reply, type Responder } from '@/testing/server';
import { renderApp } from '@/testing/render-app';
import { makeToken } from '@/testing/tokens';
import { makeMe } from '@/testing/vote-fixtures';

const ME = 'GET /api/v1/users/me';
const DATA = 'GET /api/v1/users/me/data';
const ASK = 'POST /api/v1/users/me/deletion';
const KEEP = 'DELETE /api/v1/users/me/deletion';
const DUE = '2030-11-14T12:00:00.000Z';

/** The dashboard of `vera`, whose account answers `me()` at each read (so a deletion's refetch shows). */
function open(routes: Record<string, Responder> = {}, me: () => CurrentUser = () => makeMe('vera')) {
  const net = mockNetwork({
    'GET /api/v1/site': { body: SITE },
    [ME]: () => ({ body: me() }),
    'GET /api/v1/contestants/vera/views': { body: { profile_views: 3 } },
    'GET /api/v1/contestants/vera/vote-check': { body: { hasVoted: false, next_vote_at: null, refusal: null } },
    ...routes,
  });
  return { ...renderApp(paths.dashboard()), net };
}

const card = async (app: ReturnType<typeof open>) => app.screen.findByRole('region', { name: 'Your data' });

describe('Your data (download and deletion)', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', makeToken({ sub: 'vera' }));
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('should download the account as a JSON file, saying it is busy meanwhile', async () => {
    const save = jest.spyOn(files, 'save').mockImplementation(() => undefined);
    const reply = deferred<Reply>();
    const app = open({ [DATA]: () => reply.promise });
    const section = await card(app);
    await app.user.click(within(section).getByRole('button', { name: 'Download my data' }));
    const busy = await within(section).findByRole('button', { name: 'Preparing your data...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    reply.release({ body: { format: 'screamstage-my-data/2', account: { username: 'vera' } } });
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const [blob, name] = save.mock.calls[0];
    expect(JSON.parse(await readText(blob))).toEqual({ format: 'screamstage-my-data/2', account: { username: 'vera' } });
    expect(blob.type).toBe('application/json;charset=utf-8');
    expect(name).toBe('my-data-vera.json');
    expect(app.net.requestsTo('GET', '/api/v1/users/me/data')[0].headers.get('authorization')).toBe(`Bearer ${localStorage.getItem('token')}`);
    expect(await within(section).findByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  it("should say when the download is refused, in the server's words", async () => {
    const save = jest.spyOn(files, 'save').mockImplementation(() => undefined);
    const app = open({ [DATA]: { status: 429, body: { detail: M.downloadLimited } } });
    await app.user.click(within(await card(app)).getByRole('button', { name: 'Download my data' }));
    expect(await app.screen.findByText(M.downloadLimited)).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('should offer the card to an account without a contestant profile too', async () => {
    const app = open({}, () => makeMe('vera', { contestant_profile: null, is_competitor: false }));
    expect(within(await card(app)).getByRole('button', { name: 'Delete my account' })).toBeInTheDocument();
  });

  it('should ask for the username with the keyboard alone, refuse a typo without sending it, and schedule the deletion', async () => {
    let due: string | null = null;
    const app = open({ [ASK]: () => ((due = DUE), { status: 201, body: { deletion_due_at: DUE } }) }, () => makeMe('vera', { deletion_due_at: due }));
    const open_ = within(await card(app)).getByRole('button', { name: 'Delete my account' });
    open_.focus();
    await app.user.keyboard('{Enter}');
    const dialog = await app.screen.findByRole('dialog', { name: 'Delete your account?' });
    // The safe choice has the focus first.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // Escape closes it and gives the focus back.
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(app.screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(open_).toHaveFocus();

    await app.user.keyboard('{Enter}');
    const again = await app.screen.findByRole('dialog', { name: 'Delete your account?' });
    const field = within(again).getByLabelText(/Type your username \(vera\) to confirm/);
    await app.user.type(field, 'vero{Enter}');
    expect(await within(again).findByText(M.confirmMismatch)).toBeInTheDocument();
    expect(app.net.requestsTo('POST', '/api/v1/users/me/deletion')).toHaveLength(0);

    await app.user.clear(field);
    await app.user.type(field, 'vera{Enter}');
    await waitFor(() => expect(app.screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.net.requestsTo('POST', '/api/v1/users/me/deletion').map((r) => r.body)).toEqual([{ confirm_username: 'vera' }]);
    const when = formatDateTime(DUE);
    expect(await app.screen.findByText(`Your account will be deleted on ${when}.`)).toBeInTheDocument();
    // The refetched account is scheduled: the notice offers to keep it, and the delete button is gone.
    expect(await app.screen.findByText(`Your account is scheduled for deletion on ${when}. Until then you can keep it.`)).toBeInTheDocument();
    expect(within(await card(app)).queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
  });

  it("should show the server's refusal inside the dialog, and keep it open", async () => {
    const app = open({ [ASK]: { status: 409, body: { detail: M.lastOwner } } });
    await app.user.click(within(await card(app)).getByRole('button', { name: 'Delete my account' }));
    const dialog = await app.screen.findByRole('dialog', { name: 'Delete your account?' });
    await app.user.type(within(dialog).getByLabelText(/Type your username/), 'VERA');
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(M.lastOwner)).toBeInTheDocument();
    expect(app.screen.getByRole('dialog', { name: 'Delete your account?' })).toBeInTheDocument();
  });

  it('should let an account signed in during the grace period keep itself, busy while it asks', async () => {
    let due: string | null = DUE;
    const reply = deferred<Reply>();
    const app = open({ [KEEP]: () => reply.promise }, () => makeMe('vera', { deletion_due_at: due }));
    const notice = await app.screen.findByText(`Your account is scheduled for deletion on ${formatDateTime(DUE)}. Until then you can keep it.`);
    await app.user.click(within(notice.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Keep my account' }));
    expect(await app.screen.findByRole('button', { name: 'Keeping your account...' })).toHaveAttribute('aria-busy', 'true');
    due = null;
    reply.release({ body: { deletion_due_at: null } });
    expect(await app.screen.findByText(M.deletionCancelled)).toBeInTheDocument();
    await waitFor(() => expect(app.screen.queryByText(/scheduled for deletion/)).not.toBeInTheDocument());
    expect(within(await card(app)).getByRole('button', { name: 'Delete my account' })).toBeInTheDocument();
  });

  it('should say so when keeping the account fails', async () => {
    const app = open({ [KEEP]: { status: 409, body: { detail: M.notPending } } }, () => makeMe('vera', { deletion_due_at: DUE }));
    await app.user.click(await app.screen.findByRole('button', { name: 'Keep my account' }));
    expect(await app.screen.findByText(M.notPending)).toBeInTheDocument();
  });
});

describe('Your data in Brazilian Portuguese', () => {
  beforeEach(() => activateLocale('pt-BR'));
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', makeToken({ sub: 'vera' }));
  });
  afterEach(() => activateLocale('en'));

  it('should offer the download, the deletion and its refusal in Portuguese', async () => {
    const app = open({ [ASK]: { status: 422, body: { detail: M.confirmMismatch } } });
    const section = await app.screen.findByRole('region', { name: 'Seus dados' });
    expect(within(section).getByRole('button', { name: 'Baixar meus dados' })).toBeInTheDocument();
    await app.user.click(within(section).getByRole('button', { name: 'Excluir minha conta' }));
    const dialog = await app.screen.findByRole('dialog', { name: 'Excluir sua conta?' });
    await app.user.type(within(dialog).getByLabelText(/Digite seu nome de usuário \(vera\) para confirmar/), 'vera{Enter}');
    expect(await within(dialog).findByText('Digite seu nome de usuário exatamente como ele é para confirmar.')).toBeInTheDocument();
  });

  it('should say a pending deletion, with its date, in Portuguese', async () => {
    const app = open({}, () => makeMe('vera', { deletion_due_at: DUE }));
    expect(await app.screen.findByText(`Sua conta está agendada para exclusão em ${formatDateTime(DUE)}. Até lá, você pode mantê-la.`)).toBeInTheDocument();
    expect(app.screen.getByRole('button', { name: 'Manter minha conta' })).toBeInTheDocument();
  });
});
