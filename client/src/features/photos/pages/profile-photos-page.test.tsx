import { beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { inLocale } from '@/testing/locale';
import { fireEvent, waitFor, within } from '@testing-library/react';
import type { ContestantProfile } from '#contract/profiles/answers';
import { PHOTO_MESSAGES as M, PICTURE_UPLOAD_MESSAGES } from '#contract/profiles/messages';
import { paths } from '@/lib/paths';
import { mockNetwork, type Routes } from '@/testing/server';
import { SITE } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { makeToken } from '@/testing/tokens';
import { makeMe, makeProfile } from '@/testing/vote-fixtures';

const MY = '/api/v1/contestants/my-profile';
const A = '/uploads/profiles/aaaa.jpg';
const B = '/uploads/profiles/bbbb.png';
const C = '/uploads/profiles/cccc.jpg';

const profile = (urls: string[]): ContestantProfile => makeProfile({ pictures_urls: urls }, { username: 'vera' });
const png = (name = 'new.png', bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

function open(routes: Routes = {}) {
  const net = mockNetwork({
    'GET /api/v1/site': { body: SITE },
    'GET /api/v1/users/me': { body: makeMe('vera') },
    [`GET ${MY}`]: { body: profile([A, B]) },
    ...routes,
  });
  return { ...renderApp(paths.profilePhotos()), net };
}

const tiles = (app: ReturnType<typeof open>) => app.screen.getAllByTestId('photo-tile');
const saveButton = (app: ReturnType<typeof open>) => app.screen.getByRole('button', { name: 'Save Changes' });
const choose = (app: ReturnType<typeof open>, files: File[]) => fireEvent.change(app.screen.getByLabelText('Add Photos'), { target: { files } });

describe('ProfilePhotosPage', () => {
  beforeAll(() => {
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => undefined;
  });
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', makeToken({ sub: 'vera' }));
  });

  it('should show the photos with responsive sources and Save disabled while nothing changed', async () => {
    const app = open();
    expect(await app.screen.findByRole('heading', { name: 'Your Profile Photos' })).toBeInTheDocument();
    await waitFor(() => expect(tiles(app)).toHaveLength(2));
    const first = within(tiles(app)[0]).getByRole('img', { name: 'Photo 1' });
    expect(first).toHaveAttribute('src', A);
    expect(first.getAttribute('srcset')).toBe(
      '/uploads/variants/profiles/aaaa-64w.jpg 64w, /uploads/variants/profiles/aaaa-160w.jpg 160w, ' +
        '/uploads/variants/profiles/aaaa-320w.jpg 320w, /uploads/variants/profiles/aaaa-640w.jpg 640w, /uploads/variants/profiles/aaaa-1280w.jpg 1280w',
    );
    expect(first).toHaveAttribute('width', '640');
    expect(first.parentElement?.querySelector('source[type="image/webp"]')?.getAttribute('srcset')).toContain('aaaa-320w.webp 320w');
    expect(saveButton(app)).toBeDisabled();
  });

  it('should remove a photo locally, then save the kept list', async () => {
    const app = open({ [`PUT ${MY}`]: { body: profile([B]) } });
    await waitFor(() => expect(tiles(app)).toHaveLength(2));
    fireEvent.click(app.screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(await app.screen.findByText(M.removed)).toBeInTheDocument();
    expect(tiles(app)).toHaveLength(1);
    expect(app.net.requestsTo('PUT', MY)).toHaveLength(0);
    fireEvent.click(saveButton(app));
    expect(await app.screen.findByText(M.updated)).toBeInTheDocument();
    const [put] = app.net.requestsTo('PUT', MY);
    expect(put.body).toMatchObject({ pictures_urls: [B] });
    expect(put.body).not.toHaveProperty('user');
    expect(put.body).not.toHaveProperty('id');
    expect(put.body).not.toHaveProperty('user_id');
    expect(put.body).not.toHaveProperty('active_contest_entry');
    await waitFor(() => expect(saveButton(app)).toBeDisabled());
  });

  it('should add chosen photos only on save, as the repeated files field', async () => {
    const app = open({ [`POST ${MY}/pictures`]: { body: profile([A, B, C]) } });
    await waitFor(() => expect(tiles(app)).toHaveLength(2));
    choose(app, [png()]);
    await waitFor(() => expect(tiles(app)).toHaveLength(3));
    expect(app.net.requestsTo('POST', `${MY}/pictures`)).toHaveLength(0);
    fireEvent.click(saveButton(app));
    expect(await app.screen.findByText(M.added)).toBeInTheDocument();
    const [post] = app.net.requestsTo('POST', `${MY}/pictures`);
    expect((post.body as FormData).getAll('files')).toHaveLength(1);
    expect(JSON.parse((post.body as FormData).get('pictures_urls') as string)).toEqual([A, B]);
    expect(app.net.requestsTo('PUT', MY)).toHaveLength(0);
    await waitFor(() => expect(saveButton(app)).toBeDisabled());
  });

  it('should say a save that removes and adds photos in one toast, not one per step', async () => {
    const app = open({ [`PUT ${MY}`]: { body: profile([B]) }, [`POST ${MY}/pictures`]: { body: profile([B, C]) } });
    await waitFor(() => expect(tiles(app)).toHaveLength(2));
    fireEvent.click(app.screen.getByRole('button', { name: 'Remove photo 1' }));
    choose(app, [png()]);
    fireEvent.click(saveButton(app));
    expect(await app.screen.findByText(M.updated)).toBeInTheDocument();
    await waitFor(() => expect(saveButton(app)).toBeDisabled());
    expect(app.screen.getAllByText(M.updated)).toHaveLength(1);
    expect(app.screen.queryByText(M.added)).not.toBeInTheDocument();
  });

  it('should replace all five saved photos with two new ones in one upload', async () => {
    const five = [A, B, C, '/uploads/profiles/dddd.jpg', '/uploads/profiles/eeee.jpg'];
    const fresh = ['/uploads/profiles/ffff.png', '/uploads/profiles/gggg.png'];
    const app = open({ [`GET ${MY}`]: { body: profile(five) }, [`POST ${MY}/pictures`]: { body: profile(fresh) } });
    await waitFor(() => expect(tiles(app)).toHaveLength(5));
    // No room for more: four go, two come, then the last saved one goes as well.
    for (let i = 0; i < 4; i++) fireEvent.click(app.screen.getByRole('button', { name: 'Remove photo 1' }));
    choose(app, [png('n1.png'), png('n2.png')]);
    await waitFor(() => expect(tiles(app)).toHaveLength(3));
    fireEvent.click(app.screen.getByRole('button', { name: 'Remove photo 1' }));
    await waitFor(() => expect(tiles(app)).toHaveLength(2));
    expect(app.screen.getAllByRole('img', { name: /not saved yet/ })).toHaveLength(2);

    fireEvent.click(saveButton(app));
    expect(await app.screen.findByText(M.updated)).toBeInTheDocument();
    const posts = app.net.requestsTo('POST', `${MY}/pictures`);
    expect(posts).toHaveLength(1);
    const form = posts[0].body as FormData;
    expect(form.getAll('files')).toHaveLength(2);
    expect(JSON.parse(form.get('pictures_urls') as string)).toEqual([]);
    expect(app.net.requestsTo('PUT', MY)).toHaveLength(0);
    expect(app.screen.queryByText(M.saveFailed)).not.toBeInTheDocument();
    await waitFor(() => expect(saveButton(app)).toBeDisabled());
    expect(within(tiles(app)[0]).getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', fresh[0]);
  });

  it('should say why the last photo cannot be removed, at its button and before anything is sent', async () => {
    const app = open({ [`GET ${MY}`]: { body: profile([A]) } });
    await waitFor(() => expect(tiles(app)).toHaveLength(1));
    const remove = app.screen.getByRole('button', { name: 'Remove photo 1' });
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveAccessibleDescription(M.lastPhoto);
    expect(within(tiles(app)[0]).getByText(M.lastPhoto)).toBeVisible();
    fireEvent.click(remove);
    expect(await app.screen.findByText(`${M.removeFailed}: ${M.lastPhoto}`)).toBeInTheDocument();
    expect(tiles(app)).toHaveLength(1);
    expect(app.net.requestsTo('PUT', MY)).toHaveLength(0);
    // With a second photo on the page, either can go, and the reason is gone.
    choose(app, [png()]);
    await waitFor(() => expect(tiles(app)).toHaveLength(2));
    expect(app.screen.getByRole('button', { name: 'Remove photo 1' })).not.toHaveAttribute('aria-disabled');
    expect(app.screen.queryByText(M.lastPhoto)).not.toBeInTheDocument();
  });

  it('should refuse a wrong type, a large file, a sixth photo and removing the last one', async () => {
    const app = open({ [`GET ${MY}`]: { body: profile([A]) } });
    await waitFor(() => expect(tiles(app)).toHaveLength(1));
    choose(app, [new File(['gif'], 'x.gif', { type: 'image/gif' })]);
    expect(await app.screen.findByText(M.badType)).toBeInTheDocument();
    choose(app, [png('big.png', 5 * 1024 * 1024 + 1)]);
    expect(await app.screen.findByText('Each picture must be 5MB or smaller')).toBeInTheDocument();
    fireEvent.click(app.screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(await app.screen.findByText(`${M.removeFailed}: ${M.lastPhoto}`)).toBeInTheDocument();
    choose(app, [png('1.png'), png('2.png'), png('3.png'), png('4.png'), png('5.png')]);
    expect(await app.screen.findByText(M.tooMany)).toBeInTheDocument();
    expect(tiles(app)).toHaveLength(5);
  });

  it('should say when saving fails and keep the changes', async () => {
    const app = open({ [`PUT ${MY}`]: { status: 422, body: { detail: [{ loc: ['body', 'pictures_urls', 0], msg: M.notYours, type: 'x' }] } } });
    await waitFor(() => expect(tiles(app)).toHaveLength(2));
    fireEvent.click(app.screen.getByRole('button', { name: 'Remove photo 2' }));
    fireEvent.click(saveButton(app));
    expect(await app.screen.findByText(M.saveFailed)).toBeInTheDocument();
    expect(tiles(app)).toHaveLength(1);
    expect(saveButton(app)).toBeEnabled();
  });

  it('should say when an earlier upload is still being processed, and keep the changes', async () => {
    const app = open({ [`POST ${MY}/pictures`]: { status: 429, body: { detail: PICTURE_UPLOAD_MESSAGES.inProgress } } });
    await waitFor(() => expect(tiles(app)).toHaveLength(2));
    choose(app, [png()]);
    await waitFor(() => expect(tiles(app)).toHaveLength(3));
    fireEvent.click(saveButton(app));
    expect(await app.screen.findByText(PICTURE_UPLOAD_MESSAGES.inProgress)).toBeInTheDocument();
    expect(app.screen.queryByText(M.saveFailed)).not.toBeInTheDocument();
    expect(tiles(app)).toHaveLength(3);
    expect(saveButton(app)).toBeEnabled();
  });

  it('should offer Retry when loading fails', async () => {
    let calls = 0;
    const app = open({ [`GET ${MY}`]: () => (++calls === 1 ? { status: 500, body: {} } : { body: profile([A]) }) });
    expect(await app.screen.findByText(M.loadFailed)).toBeInTheDocument();
    fireEvent.click(app.screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(tiles(app)).toHaveLength(1));
  });
});

describe('ProfilePhotosPage in Brazilian Portuguese', () => {
  inLocale('pt-BR');

  beforeAll(() => {
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => undefined;
  });
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', makeToken({ sub: 'vera' }));
  });

  it('should show the photos, their actions and the new ones in Portuguese', async () => {
    const app = open();
    expect(await app.screen.findByRole('heading', { name: 'Suas fotos de perfil' })).toBeInTheDocument();
    expect(await app.screen.findByText('2 / 5 fotos')).toBeInTheDocument();
    expect(app.screen.getByText('Principal')).toBeInTheDocument();
    expect(app.screen.getByRole('button', { name: 'Tornar a foto 2 a foto principal' })).toBeInTheDocument();
    expect(app.screen.getByRole('button', { name: 'Remover foto 1' })).toBeInTheDocument();
    fireEvent.change(app.screen.getByLabelText('Adicionar fotos'), { target: { files: [png()] } });
    expect(await app.screen.findByRole('img', { name: 'Foto 3 (ainda não salva)' })).toBeInTheDocument();
    expect(app.screen.getByText('Nova')).toBeInTheDocument();
    expect(app.screen.getByRole('button', { name: 'Salvar alterações' })).toBeEnabled();
  });
});
