// E-mails in the recipient's language: an account's e-mails follow the language it registered in, then
// the one it signs in or switches to; a payer's receipt the language the checkout was started in; a
// support message's acknowledgement the language the form was sent in. English stays as it was.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loginForm, pngPicture, registrationForm, validFields, waitForMails } from '../helpers/accounts.js';
import { createAccounts, insertContest, join } from '../helpers/contest-fixtures.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const PT = { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.5' };

describe('e-mails in the recipient’s language', () => {
  let t: TestServer;

  const json = async (method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${t.api}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const signIn = async (username: string, password: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${t.api}/auth/login`, { method: 'POST', headers, body: loginForm(username, password) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  };
  const localeOf = async (username: string) => (await t.db.pool.query('SELECT locale FROM users WHERE username = $1', [username])).rows[0].locale as string;
  const askReset = (email: string) => json('POST', '/auth/forgot-password', { email });

  beforeAll(async () => {
    t = await startTestServer();
  }, 60_000);
  afterAll(async () => {
    await t.stop();
  });

  it('should write the account e-mails in the language it registered in, then the one it signs in or switches to', async () => {
    const fields = validFields('ml_reg');
    const res = await fetch(`${t.api}/auth/register-contestant`, { method: 'POST', headers: PT, body: registrationForm(fields, [await pngPicture()]) });
    expect(res.status).toBe(201);
    expect(await localeOf(fields.username)).toBe('pt-BR');
    const [welcome] = await waitForMails(t.dataDir, fields.email);
    expect(welcome).toContain('Olá, ' + fields.username + ',');
    expect(welcome).toContain('Boas-vindas ao ScreamStage! Confirme seu endereço de e-mail para ativar sua conta. O link vale por 24 horas.');
    expect(welcome).toContain('<html lang="pt-BR">');
    expect(welcome).toContain('>Confirmar meu e-mail</a>');

    // Signed in from an English browser: the next e-mail is English.
    await t.db.pool.query('UPDATE users SET is_verified = true WHERE username = $1', [fields.username]);
    const token = await signIn(fields.username, fields.password, { 'accept-language': 'en-US,en;q=0.9' });
    expect(await localeOf(fields.username)).toBe('en');
    expect((await askReset(fields.email)).status).toBe(200);
    const [, english] = await waitForMails(t.dataDir, fields.email, 2);
    expect(english).toContain('Someone asked to reset the password of your ScreamStage account.');

    // The footer's switcher, signed in: the account's e-mails follow.
    const switched = await json('PUT', '/users/me/locale', { locale: 'pt-BR' }, { authorization: `Bearer ${token}` });
    expect(switched).toEqual({ status: 200, body: { locale: 'pt-BR' } });
    expect((await askReset(fields.email)).status).toBe(200);
    const [, , portuguese] = await waitForMails(t.dataDir, fields.email, 3);
    expect(portuguese).toContain('Alguém pediu para redefinir a senha da sua conta do ScreamStage.');

    // Only a language the site offers, and only for a signed-in person.
    expect((await json('PUT', '/users/me/locale', { locale: 'fr' }, { authorization: `Bearer ${token}` })).status).toBe(422);
    expect((await json('PUT', '/users/me/locale', { locale: 'en' })).status).toBe(401);
    expect(await localeOf(fields.username)).toBe('pt-BR');
  });

  it("should write a payer's receipt in the language the checkout was started in, the amount written the Brazilian way", async () => {
    const contest = await insertContest(t, { name: 'Copa do Recibo', isCurrent: true, groupSizeCap: 50 });
    const [star] = await createAccounts(t, 'ml_star', 1);
    expect((await join(t, star!, contest)).status).toBe(201);
    const started = await json(
      'POST',
      '/votes/initiate-payment',
      { profile_id: star!.profileId, voter_name: 'Bia', voter_email: 'bia@example.com', package_id: 2, votes: 50, amount_paid: 50, payment_method: 'stripe' },
      PT,
    );
    expect(started.status).toBe(200);
    const paymentId = /\/test-checkout\/([0-9a-f-]+)/.exec(String(started.body.payment_url))![1]!;
    expect((await json('POST', `/payments/test/${paymentId}/pay`, {})).status).toBe(200);
    const [receipt] = await waitForMails(t.dataDir, 'bia@example.com', 1, 20_000);
    expect(receipt).toContain('Olá, Bia,');
    expect(receipt).toContain('Votos: 50 + 20 de bônus = 70');
    expect(receipt).toContain('Valor: US$\u00a050 USD (MODO DE TESTE: nenhum valor foi cobrado)');
    expect(receipt).toContain(`Referência: ${paymentId}`);
  });

  it('should acknowledge a support message in the language the form was sent in', async () => {
    const sent = await json(
      'POST',
      '/support/contact',
      { topic: 'account', name: 'Caio', email: 'caio@example.com', message: 'Não consigo entrar na minha conta.' },
      PT,
    );
    expect(sent.status).toBe(200);
    const [ack] = await waitForMails(t.dataDir, 'caio@example.com');
    expect(ack).toContain('Olá, Caio,');
    expect(ack).toContain('Recebemos sua mensagem (assunto: Conta)');
  });
});
