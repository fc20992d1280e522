import { beforeEach, describe, expect, it } from '@jest/globals';
import { inLocale } from '@/testing/locale';
import { getDefaultNormalizer, waitFor } from '@testing-library/react';
import { REGISTRATION_MESSAGES as R } from '#contract/auth/messages';
import { paths } from '@/lib/paths';
import { mockNetwork, type Reply } from '@/testing/server';
import { currentPath, renderApp } from '@/testing/render-app';
import { SITE } from '@/testing/fixtures';

const REGISTER = 'POST /api/v1/auth/register-contestant';
const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false, trim: false }) };
/** A file that begins as a PNG does (the picker checks the content, not only the name). */
const picture = (name = 'me.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'IHDR'], name, { type: 'image/png' });

async function openForm() {
  const app = renderApp(paths.register());
  await app.screen.findByRole('heading', { name: 'Become an Actor of the Year' });
  return app;
}

async function fillValidForm({ user, screen }: Awaited<ReturnType<typeof openForm>>) {
  await user.type(screen.getByLabelText('Username'), 'scream_queen');
  await user.type(screen.getByLabelText('Email Address'), 'queen@example.com');
  await user.type(screen.getByLabelText('First Name'), 'Jamie');
  await user.type(screen.getByLabelText('Last Name'), 'Curtis');
  await user.type(screen.getByLabelText('Phone Number'), '5551234567');
  await user.selectOptions(screen.getByLabelText('Category'), 'Scream Queens');
  await user.type(screen.getByLabelText('Biography'), 'Born to scream.');
  await user.type(screen.getByLabelText('Password'), 'correct-horse');
  await user.type(screen.getByLabelText('Confirm Password'), 'correct-horse');
  await user.upload(screen.getByLabelText('Pictures'), [picture('one.png'), picture('two.png')]);
}

describe('RegisterPage', () => {
  beforeEach(() => localStorage.clear());

  it('should show the spec message of every required field, pictures included', async () => {
    const net = mockNetwork({ 'GET /api/v1/site': { body: SITE } });
    const app = await openForm();
    await app.user.click(app.screen.getByRole('button', { name: 'Register Now' }));
    for (const message of [
      R.usernameRequired,
      R.firstNameRequired,
      R.lastNameRequired,
      R.biographyRequired,
      R.phoneRequired,
      R.emailRequired,
      R.passwordRequired,
      R.confirmRequired,
      R.categoryRequired,
    ]) {
      expect(await app.screen.findByText(message)).toBeInTheDocument();
    }
    // Two spaces: the required text has them (docs/product.md#exact-texts).
    expect(app.screen.getByText('Upload  at least 1 picture', exact)).toBeInTheDocument();
    expect(net.requestsTo('POST', '/api/v1/auth/register-contestant')).toHaveLength(0);
  });

  it('should check phone, e-mail and password with the spec messages', async () => {
    mockNetwork({ 'GET /api/v1/site': { body: SITE } });
    const app = await openForm();
    const { user, screen } = app;
    const submit = () => user.click(screen.getByRole('button', { name: 'Register Now' }));
    await user.type(screen.getByLabelText('Phone Number'), '555-123');
    await user.type(screen.getByLabelText('Email Address'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm Password'), 'shorter');
    await submit();
    expect(await screen.findByText(R.phoneDigits)).toBeInTheDocument();
    expect(screen.getByText(R.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(R.passwordMin)).toBeInTheDocument();
    expect(screen.getByLabelText('Phone Number')).toHaveAccessibleDescription(R.phoneDigits);

    await user.clear(screen.getByLabelText('Phone Number'));
    await user.type(screen.getByLabelText('Phone Number'), '12345');
    expect(await screen.findByText(R.phoneMin)).toBeInTheDocument();
    // Exactly ten, as the message says: twelve digits keep it.
    await user.type(screen.getByLabelText('Phone Number'), '1234567');
    expect(screen.getByLabelText('Phone Number')).toHaveValue('123451234567');
    expect(await screen.findByText(R.phoneMin)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone Number'), '8901');
    expect(await screen.findByText(R.phoneMax)).toBeInTheDocument();
    expect(screen.queryByText(R.phoneMin)).not.toBeInTheDocument();
  });

  it('should say when the passwords do not match', async () => {
    const net = mockNetwork({ 'GET /api/v1/site': { body: SITE } });
    const app = await openForm();
    await fillValidForm(app);
    await app.user.type(app.screen.getByLabelText('Confirm Password'), '!');
    await app.user.click(app.screen.getByRole('button', { name: 'Register Now' }));
    expect(await app.screen.findByText(R.confirmMatch)).toBeInTheDocument();
    expect(net.requestsTo('POST', '/api/v1/auth/register-contestant')).toHaveLength(0);
  });

  it('should keep at most five of seven pictures chosen, say so, and let the user remove them all', async () => {
    mockNetwork({ 'GET /api/v1/site': { body: SITE } });
    const { user, screen } = await openForm();
    await user.upload(
      screen.getByLabelText('Pictures'),
      [1, 2, 3, 4, 5, 6, 7].map((n) => picture(`p${n}.png`)),
    );
    expect(await screen.findByText(`${R.picturesMax}. 2 pictures were left out.`)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Remove picture/ })).toHaveLength(5);
    expect(screen.getByText('5 selected')).toBeInTheDocument();
    // Full: one more is left out too.
    await user.upload(screen.getByLabelText('Pictures'), [picture('p8.png')]);
    expect(await screen.findByText(`${R.picturesMax}. 1 picture was left out.`)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Remove picture/ })).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Remove All' }));
    expect(screen.queryByRole('button', { name: /Remove picture/ })).not.toBeInTheDocument();
  });

  it('should refuse a text file named .jpg, by its content, with a clear message', async () => {
    mockNetwork({ 'GET /api/v1/site': { body: SITE } });
    const { user, screen } = await openForm();
    const renamed = new File(['Dear diary, today I screamed.'], 'notes.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Pictures'), [renamed, picture('real.png')]);
    expect(await screen.findByText('notes.jpg is not a picture: Pictures must be JPG, JPEG, PNG or GIF images')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Remove picture/ })).toHaveLength(1);
    expect(screen.getByText('1 selected')).toBeInTheDocument();
  });

  it('should send the form, keep the e-mail and go to /registration-success', async () => {
    let release: (reply: Reply) => void = () => {};
    const net = mockNetwork({
      'GET /api/v1/site': { body: SITE },
      [REGISTER]: () => new Promise<Reply>((resolve) => (release = resolve)),
    });
    const app = await openForm();
    await fillValidForm(app);
    await app.user.click(app.screen.getByRole('button', { name: 'Register Now' }));

    const sending = await app.screen.findByRole('button', { name: 'Registering...' });
    expect(sending).toBeDisabled();
    await waitFor(() => expect(net.requestsTo('POST', '/api/v1/auth/register-contestant')).toHaveLength(1));
    const body = net.requestsTo('POST', '/api/v1/auth/register-contestant')[0].body as FormData;
    expect(body.get('username')).toBe('scream_queen');
    expect(body.get('category')).toBe('Scream Queens');
    expect(body.get('confirm_password')).toBe('correct-horse');
    expect(body.getAll('pictures')).toHaveLength(2);

    release({ status: 201, body: { email: 'queen@example.com', username: 'scream_queen', message: 'ok' } });
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.registrationSuccess()));
    expect(localStorage.getItem('registrationEmail')).toBe('queen@example.com');
    expect(await app.screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
  });

  it('should take an Instagram and a TikTok handle as people type them, and send their canonical addresses', async () => {
    const net = mockNetwork({
      'GET /api/v1/site': { body: SITE },
      [REGISTER]: { status: 201, body: { email: 'queen@example.com', username: 'scream_queen', message: 'ok' } },
    });
    const app = await openForm();
    await fillValidForm(app);
    await app.user.type(app.screen.getByLabelText('Instagram'), 'tess.audit');
    await app.user.type(app.screen.getByLabelText('TikTok'), '@tess.audit');
    await app.user.click(app.screen.getByRole('button', { name: 'Register Now' }));

    await waitFor(() => expect(currentPath(app.router)).toBe(paths.registrationSuccess()));
    const body = net.requestsTo('POST', '/api/v1/auth/register-contestant')[0].body as FormData;
    expect(body.get('instagram')).toBe('https://www.instagram.com/tess.audit');
    expect(body.get('tiktok')).toBe('https://www.tiktok.com/@tess.audit');
  });

  it('should put a 422 list on the fields and join its messages', async () => {
    mockNetwork({
      'GET /api/v1/site': { body: SITE },
      [REGISTER]: {
        status: 422,
        body: {
          detail: [
            { loc: ['body', 'username'], msg: 'Username is already taken', type: 'conflict' },
            { loc: ['body', 'pictures'], msg: 'Each picture must be 5MB or smaller', type: 'value_error' },
          ],
        },
      },
    });
    const app = await openForm();
    await fillValidForm(app);
    await app.user.click(app.screen.getByRole('button', { name: 'Register Now' }));
    expect(await app.screen.findByText('Username is already taken, Each picture must be 5MB or smaller')).toBeInTheDocument();
    expect(app.screen.getByLabelText('Username')).toHaveAccessibleDescription('Username is already taken');
    expect(app.screen.getByText('Each picture must be 5MB or smaller')).toBeInTheDocument();
    expect(localStorage.getItem('registrationEmail')).toBeNull();
  });

  it('should show the detail of other failures, or the spec fallback', async () => {
    mockNetwork({ 'GET /api/v1/site': { body: SITE }, [REGISTER]: { status: 500, body: 'oops' } });
    const app = await openForm();
    await fillValidForm(app);
    await app.user.click(app.screen.getByRole('button', { name: 'Register Now' }));
    expect(await app.screen.findByText(R.failed)).toBeInTheDocument();
    expect(app.screen.getByRole('button', { name: 'Register Now' })).toBeEnabled();
  });
});

describe('RegisterPage in Brazilian Portuguese', () => {
  inLocale('pt-BR');

  it('should show the form, its hints and the left-out pictures in Portuguese', async () => {
    mockNetwork({ 'GET /api/v1/site': { body: SITE } });
    const { screen, user } = renderApp(paths.register());
    expect(await screen.findByRole('heading', { name: 'Torne-se o Ator do Ano' })).toBeInTheDocument();
    expect(screen.getByText('Crie seu perfil de participante e entre para os holofotes.')).toBeInTheDocument();
    for (const label of ['Nome de usuário', 'Endereço de e-mail', 'Nome', 'Sobrenome', 'Telefone', 'Biografia', 'Senha', 'Confirmar senha']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Biografia')).toHaveAttribute('placeholder', 'Conte aos fãs quem você é e por que nasceu para gritar.');
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', paths.login());
    expect(screen.getByRole('button', { name: 'procure no seu dispositivo' })).toBeInTheDocument();
    expect(screen.getByText('até 5 fotos')).toBeInTheDocument();

    await user.upload(
      screen.getByLabelText('Fotos'),
      Array.from({ length: 7 }, (_, i) => picture(`p${i}.png`)),
    );
    expect(await screen.findByText('5 selecionadas')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/2 fotos ficaram de fora\.$/);
    expect(screen.getByRole('button', { name: 'Substituir foto 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remover foto 5' }));
    expect(screen.getByText('4 selecionadas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Inscreva-se agora' })).toBeInTheDocument();
  });
});
