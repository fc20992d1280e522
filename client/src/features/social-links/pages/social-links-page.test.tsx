import { beforeEach, describe, expect, it } from '@jest/globals';
import { inLocale } from '@/testing/locale';
import { waitFor } from '@testing-library/react';
import { SOCIAL_LINK_MESSAGES as S } from '#contract/profiles/messages';
import { paths } from '@/lib/paths';
import { deferred } from '@/testing/contest-fixtures';
import { meFor, SITE } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';
import { mockNetwork, type Reply, type Responder } from '@/testing/server';
import { makeToken } from '@/testing/tokens';
import { makeMe, makeProfile } from '@/testing/vote-fixtures';

const LINKS = 'GET /api/v1/users/social-links';
const SAVE = 'PUT /api/v1/users/social-links';

function open(routes: Record<string, Responder> = {}, path = paths.socialLinks()) {
  const net = mockNetwork({
    'GET /api/v1/site': { body: SITE },
    'GET /api/v1/users/me': { body: meFor('alice') },
    [LINKS]: { body: { instagram: 'https://instagram.com/alice', tiktok: null } },
    [SAVE]: ({ body }) => ({ body }),
    ...routes,
  });
  return { ...renderApp(path), net };
}

describe('SocialLinksPage', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', makeToken({ sub: 'alice' }));
  });

  it('should show both fields filled with the saved links, the connected links and the way back', async () => {
    const { screen } = open();
    expect(await screen.findByLabelText('Instagram')).toHaveValue('https://instagram.com/alice');
    expect(screen.getByLabelText('TikTok')).toHaveValue('');
    const connected = screen.getByRole('region', { name: 'Connected links' });
    expect(connected).toHaveTextContent('https://instagram.com/alice');
    expect(connected.querySelector('a[href="https://instagram.com/alice"]')).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', paths.dashboard());
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  it('should say when nothing is connected yet', async () => {
    const { screen } = open({ [LINKS]: { body: { instagram: null, tiktok: null } } });
    expect(await screen.findByText(/No social links connected yet/)).toBeInTheDocument();
  });

  it("should show 'Saving...' while sending, save the links, toast, and show what is stored", async () => {
    const reply = deferred<Reply>();
    let stored = { instagram: 'https://instagram.com/alice', tiktok: null as string | null };
    const app = open({ [LINKS]: () => ({ body: stored }), [SAVE]: () => reply.promise });
    const tiktok = await app.screen.findByLabelText('TikTok');
    await app.user.type(tiktok, 'tiktok.com/@alice_screams/');
    await app.user.click(app.screen.getByRole('button', { name: 'Save Changes' }));
    expect(await app.screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    await waitFor(() => expect(app.net.requestsTo('PUT', '/api/v1/users/social-links')).toHaveLength(1));
    // The contract's normaliser runs in the form too: the server gets the stored form.
    expect(app.net.requestsTo('PUT', '/api/v1/users/social-links')[0].body).toEqual({
      instagram: 'https://www.instagram.com/alice',
      tiktok: 'https://www.tiktok.com/@alice_screams',
    });
    stored = { instagram: 'https://www.instagram.com/alice', tiktok: 'https://www.tiktok.com/@alice_screams' };
    reply.release({ body: stored });
    expect(await app.screen.findByText(S.updated)).toBeInTheDocument();
    await waitFor(() => expect(app.screen.getByLabelText('TikTok')).toHaveValue('https://www.tiktok.com/@alice_screams'));
    expect(app.screen.getByRole('region', { name: 'Connected links' })).toHaveTextContent('https://www.tiktok.com/@alice_screams');
    expect(app.screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  it('should take handles as people type them and send the canonical addresses', async () => {
    const app = open({ [LINKS]: { body: { instagram: null, tiktok: null } } });
    await app.user.type(await app.screen.findByLabelText('Instagram'), 'tess.audit');
    await app.user.type(app.screen.getByLabelText('TikTok'), '@Tess.Audit');
    await app.user.click(app.screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(app.net.requestsTo('PUT', '/api/v1/users/social-links')).toHaveLength(1));
    expect(app.net.requestsTo('PUT', '/api/v1/users/social-links')[0].body).toEqual({
      instagram: 'https://www.instagram.com/tess.audit',
      tiktok: 'https://www.tiktok.com/@tess.audit',
    });
    expect(await app.screen.findByText(S.updated)).toBeInTheDocument();
    expect(app.screen.getByLabelText('Instagram')).toHaveValue('https://www.instagram.com/tess.audit');
    expect(app.screen.queryByText(S.instagramInvalid)).not.toBeInTheDocument();
  });

  it('should send null for an emptied field, clearing the link', async () => {
    const app = open();
    await app.user.clear(await app.screen.findByLabelText('Instagram'));
    await app.user.click(app.screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(app.net.requestsTo('PUT', '/api/v1/users/social-links')).toHaveLength(1));
    expect(app.net.requestsTo('PUT', '/api/v1/users/social-links')[0].body).toEqual({ instagram: null, tiktok: null });
  });

  it('should refuse addresses that are not profile links with the spec texts, sending nothing', async () => {
    const app = open();
    const instagram = await app.screen.findByLabelText('Instagram');
    await app.user.clear(instagram);
    await app.user.type(instagram, 'https://facebook.com/alice');
    await app.user.type(app.screen.getByLabelText('TikTok'), 'https://tiktok.com/alice');
    await app.user.click(app.screen.getByRole('button', { name: 'Save Changes' }));
    expect(await app.screen.findByText(S.instagramInvalid)).toBeInTheDocument();
    expect(app.screen.getByText(S.tiktokInvalid)).toBeInTheDocument();
    expect(instagram).toHaveAttribute('aria-invalid', 'true');
    expect(app.net.requestsTo('PUT', '/api/v1/users/social-links')).toHaveLength(0);
  });

  it("should put the server's 422 under the field, and show a string detail or 'Failed to update social links'", async () => {
    let answer: Reply = { status: 422, body: { detail: [{ loc: ['body', 'tiktok'], msg: S.tiktokInvalid, type: 'custom' }] } };
    const app = open({ [SAVE]: () => answer });
    await app.user.click(await app.screen.findByRole('button', { name: 'Save Changes' }));
    expect(await app.screen.findByText(S.tiktokInvalid)).toBeInTheDocument();
    expect(app.screen.getByLabelText('TikTok')).toHaveAttribute('aria-invalid', 'true');

    answer = { status: 400, body: { detail: 'Links are frozen during the final' } };
    await app.user.click(app.screen.getByRole('button', { name: 'Save Changes' }));
    expect(await app.screen.findAllByText('Links are frozen during the final')).not.toHaveLength(0);

    answer = { status: 500 };
    await app.user.click(app.screen.getByRole('button', { name: 'Save Changes' }));
    expect(await app.screen.findAllByText(S.updateFailed)).not.toHaveLength(0);
  });

  it("should show 'Failed to load social links' with a Retry that loads them", async () => {
    let answer: Reply = { status: 500 };
    const app = open({ [LINKS]: () => answer });
    expect(await app.screen.findByText(S.loadFailed)).toBeInTheDocument();
    answer = { body: { instagram: null, tiktok: 'https://tiktok.com/@alice' } };
    await app.user.click(app.screen.getByRole('button', { name: 'Retry' }));
    expect(await app.screen.findByLabelText('TikTok')).toHaveValue('https://tiktok.com/@alice');
  });

  it("should update the public profile header's icons at once after saving", async () => {
    let links = { instagram: null as string | null, tiktok: null as string | null };
    const profile = () => makeProfile({}, { username: 'alice', ...links });
    const app = open(
      {
        'GET /api/v1/users/me': { body: makeMe('alice') },
        [LINKS]: () => ({ body: links }),
        [SAVE]: ({ body }) => {
          links = body as typeof links;
          return { body: links };
        },
        'GET /api/v1/contestants/alice': () => ({ body: profile() }),
        'POST /api/v1/contestants/alice/increment-views': { body: { profile_views: 1 } },
        'GET /api/v1/admin/current-contest/countdown': { status: 404, body: { detail: 'No active contest' } },
        'GET /api/v1/contestants/alice/vote-check': { body: { hasVoted: false } },
      },
      paths.profile('alice'),
    );
    expect(await app.screen.findByRole('heading', { level: 1, name: 'Vera Voss' })).toBeInTheDocument();
    expect(app.screen.queryByRole('link', { name: 'alice on Instagram' })).not.toBeInTheDocument();
    await app.router.navigate(paths.socialLinks());
    await app.user.type(await app.screen.findByLabelText('Instagram'), 'instagram.com/alice');
    await app.user.click(app.screen.getByRole('button', { name: 'Save Changes' }));
    expect(await app.screen.findByText(S.updated)).toBeInTheDocument();
    await app.router.navigate(paths.profile('alice'));
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.profile('alice')));
    expect(await app.screen.findByRole('link', { name: 'alice on Instagram' })).toHaveAttribute('href', 'https://www.instagram.com/alice');
  });
});

describe('SocialLinksPage in Brazilian Portuguese', () => {
  inLocale('pt-BR');

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', makeToken({ sub: 'alice' }));
  });

  it('should show the connected links and the hints of the fields in Portuguese', async () => {
    const { screen } = open();
    expect(await screen.findByLabelText('Instagram')).toHaveAttribute('placeholder', '@seunome');
    expect(screen.getByRole('region', { name: 'Links conectados' })).toHaveTextContent('https://instagram.com/alice');
    expect(screen.getByText(/Seu nome de usuário no TikTok \(@seunome\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Veja-os no seu perfil público' })).toHaveAttribute('href', paths.profile('alice'));
    expect(screen.getByRole('button', { name: 'Salvar alterações' })).toBeEnabled();
  });

  it('should say no links are connected yet, in Portuguese', async () => {
    const { screen } = open({ [LINKS]: { body: { instagram: null, tiktok: null } } });
    expect(await screen.findByText('Nenhuma rede social conectada ainda. Adicione-as abaixo para que os fãs possam seguir você.')).toBeInTheDocument();
  });
});
