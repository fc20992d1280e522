// Error answers speak the request's language (common/http/answer-language.ts): the switcher's cookie,
// else Accept-Language, else English. Their details and field messages are the contract's English, said
// through the contract's catalog; an English answer is exactly the text the code wrote.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_GUARD_MESSAGES, LOGIN_MESSAGES } from '#contract/auth/messages.js';
import { NOT_FOUND_MESSAGES } from '#contract/common/messages.js';
import { VOTE_PAGE_MESSAGES } from '#contract/payments/messages.js';
import { contractTextIn } from '#server/common/http/answer-language.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

describe('error answers in the request language', () => {
  let t: TestServer;

  const answer = async (res: Response) => ({
    status: res.status,
    language: res.headers.get('content-language'),
    vary: res.headers.get('vary') ?? '',
    body: (await res.json()) as unknown,
  });
  /** A staff-only call without a session: 401. */
  const anonymous = (headers: Record<string, string>) => fetch(`${t.api}/admin/contests/1`, { headers }).then(answer);
  /** A sign-in with neither field: 422, one message per field. */
  const emptyLogin = (headers: Record<string, string>) =>
    fetch(`${t.api}/auth/login`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' }).then(answer);

  beforeAll(async () => {
    t = await startTestServer();
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
  });

  it('should answer in English, exactly as written, by default and for an English browser', async () => {
    const englishRequests: Record<string, string>[] = [{}, { 'accept-language': 'en-US,en;q=0.9' }, { cookie: 'locale=en', 'accept-language': 'pt-BR' }];
    for (const headers of englishRequests) {
      const res = await anonymous(headers);
      expect(res).toEqual({
        status: 401,
        language: 'en',
        vary: expect.stringMatching(/accept-language.*cookie/i),
        body: { detail: AUTH_GUARD_MESSAGES.notAuthenticated },
      });
    }
    const fields = await emptyLogin({});
    expect(fields.status).toBe(422);
    expect((fields.body as { detail: { msg: string }[] }).detail.map((f) => f.msg)).toEqual([
      LOGIN_MESSAGES.emailOrUsernameRequired,
      LOGIN_MESSAGES.passwordRequired,
    ]);
    expect(await fetch(`${t.api}/no/such/call`).then(answer)).toMatchObject({ status: 404, body: { detail: NOT_FOUND_MESSAGES.apiRoute } });
  });

  it('should answer in Brazilian Portuguese for a browser that asks for it', async () => {
    expect(await anonymous({ 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.5' })).toMatchObject({
      status: 401,
      language: 'pt-BR',
      body: { detail: 'Não autenticado' },
    });
    const fields = await emptyLogin({ 'accept-language': 'pt-BR' });
    expect(fields).toMatchObject({ status: 422, language: 'pt-BR' });
    expect((fields.body as { detail: { msg: string }[] }).detail.map((f) => f.msg)).toEqual([
      'O e-mail ou nome de usuário é obrigatório',
      'A senha é obrigatória',
    ]);
    expect(await fetch(`${t.api}/no/such/call`, { headers: { 'accept-language': 'pt' } }).then(answer)).toMatchObject({
      status: 404,
      body: { detail: 'Não encontrado' },
    });
  });

  it("should say zod's own words for a malformed value in the request's language, and the contract's words beside them", async () => {
    const buy = (headers: Record<string, string>) =>
      fetch(`${t.api}/votes/initiate-payment`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ profile_id: 'seven', votes: 'ten', voter_email: 'fan@example.com', amount_paid: 'five', payment_method: 'stripe' }),
      }).then(answer);
    const messages = (res: { body: unknown }) =>
      Object.fromEntries((res.body as { detail: { loc: string[]; msg: string }[] }).detail.map((f) => [f.loc[1], f.msg]));

    const english = await buy({});
    expect(english).toMatchObject({ status: 422, language: 'en' });
    expect(messages(english)).toMatchObject({
      profile_id: 'Invalid input: expected number, received string',
      votes: 'Invalid input: expected number, received string',
      voter_name: 'Invalid input: expected string, received undefined',
      amount_paid: VOTE_PAGE_MESSAGES.amountRequired,
    });

    const portuguese = await buy({ 'accept-language': 'pt-BR' });
    expect(portuguese).toMatchObject({ status: 422, language: 'pt-BR' });
    const said = messages(portuguese);
    expect(said).toMatchObject({
      profile_id: 'Entrada inválida: esperava um número, recebeu um texto',
      votes: 'Entrada inválida: esperava um número, recebeu um texto',
      voter_name: 'Entrada inválida: esperava um texto, recebeu um valor "undefined"',
    });
    // The contract's own message for the same kind of problem comes from the contract's catalog.
    expect(said.amount_paid).not.toBe(VOTE_PAGE_MESSAGES.amountRequired);
    expect(said.amount_paid).toBe(contractTextIn('pt-BR', VOTE_PAGE_MESSAGES.amountRequired));
  });

  it("should follow the switcher's cookie before the browser's languages", async () => {
    expect(await anonymous({ cookie: 'locale=pt-BR', 'accept-language': 'en-US' })).toMatchObject({
      status: 401,
      language: 'pt-BR',
      body: { detail: 'Não autenticado' },
    });
  });
});
