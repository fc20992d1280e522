// Helpers for the two-factor sign-in tests: a staff account with a real password, the codes an
// authenticator app would show (computed with otpauth from the secret the setup answered), and the
// sign-in's two steps over HTTP.
import { Secret, TOTP } from 'otpauth';
import type { RecoveryCodes, TwoFactorSetup } from '#contract/twofactor/answers.js';
import { hashPassword } from '#server/modules/auth/password.js';
import { call } from './contest-fixtures.js';
import { aUser } from './factories.js';
import type { TestServer } from './test-app.js';

export const STAFF_PASSWORD = 'staff-password-123';

/** A verified owner (is_superuser alone makes one) that signs in with STAFF_PASSWORD. */
export async function staffAccount(t: Pick<TestServer, 'db'>, username: string): Promise<{ id: number; username: string; email: string }> {
  const row = await aUser(t.db, { username, is_superuser: true, is_verified: true, password_hash: await hashPassword(STAFF_PASSWORD) });
  return { id: row.id, username: row.username, email: row.email };
}

/**
 * The code an authenticator shows `offset` steps from now (30 s each): -1, 0 and +1 are all accepted, so
 * one account can be given three codes in a row without waiting, each newer than the one before.
 */
export function codeAt(secret: string, offset = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offset * 30_000 });
}

/** POST /auth/login, form-encoded as the sign-in page sends it, from a client address (TRUST_PROXY=loopback). */
export function login(t: TestServer, address: string, username: string, password = STAFF_PASSWORD, extra: Record<string, string> = {}): Promise<Response> {
  return fetch(`${t.api}/auth/login`, {
    method: 'POST',
    headers: { 'x-forwarded-for': address },
    body: new URLSearchParams({ username, password, ...extra }),
  });
}

/** POST /auth/login/two-factor from a client address. */
export function secondStep(t: TestServer, address: string, challenge: string, code: string): Promise<Response> {
  return fetch(`${t.api}/auth/login/two-factor`, {
    method: 'POST',
    headers: { 'x-forwarded-for': address, 'content-type': 'application/json' },
    body: JSON.stringify({ challenge, code }),
  });
}

/** The challenge of a right password for an account with two-factor sign-in on. */
export async function challengeOf(t: TestServer, address: string, username: string, extra: Record<string, string> = {}): Promise<string> {
  const res = await login(t, address, username, STAFF_PASSWORD, extra);
  const body = (await res.json()) as { two_factor_required?: boolean; challenge?: string };
  if (res.status !== 200 || body.two_factor_required !== true || !body.challenge) throw new Error(`no challenge: ${res.status} ${JSON.stringify(body)}`);
  return body.challenge;
}

/** A bearer token of an account without two-factor sign-in, from its password. */
export async function tokenOf(t: TestServer, address: string, username: string): Promise<string> {
  const res = await login(t, address, username);
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`no token: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/** Sets two-factor sign-in up through the API (the code of the step before now); answers the secret and the recovery codes. */
export async function enableTwoFactor(t: TestServer, token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = (await (await call(t, 'POST', '/admin/two-factor/setup', token)).json()) as TwoFactorSetup;
  const res = await call(t, 'POST', '/admin/two-factor/confirm', token, { code: codeAt(setup.secret, -1) });
  if (res.status !== 200) throw new Error(`confirm failed: ${res.status} ${await res.text()}`);
  return { secret: setup.secret, recoveryCodes: ((await res.json()) as RecoveryCodes).recovery_codes };
}
