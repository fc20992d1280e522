import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_GUARD_MESSAGES, LOGIN_MESSAGES } from '#contract/auth/messages.js';
import type { CurrentUser } from '#contract/auth/answers.js';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus, TwoFactorTokenResponse } from '#contract/twofactor/answers.js';
import { TWO_FACTOR_MESSAGES as M } from '#contract/twofactor/messages.js';
import type { StaffList } from '#contract/staff/answers.js';
import { decodeJwt, mailsTo, tokenFromMail, waitForMails } from '../helpers/accounts.js';
import { call, createAccounts } from '../helpers/contest-fixtures.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';
import { challengeOf, codeAt, enableTwoFactor, login, secondStep, staffAccount, tokenOf } from '../helpers/two-factor.js';

const MAX_FAILURES = 3;

interface AuditRow {
  actor_id: number;
  action: string;
  target_id: number;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

describe('two-factor sign-in (STAFF_2FA=optional)', () => {
  let t: TestServer;

  const auditOf = async (userId: number): Promise<AuditRow[]> =>
    (
      await t.db.pool.query(
        "SELECT actor_id, action, target_id, before, after FROM admin_audit_log WHERE target_type = 'user' AND target_id = $1 ORDER BY id",
        [userId],
      )
    ).rows as AuditRow[];

  beforeAll(async () => {
    // TRUST_PROXY lets each test speak from its own client address (X-Forwarded-For).
    t = await startTestServer({ LOGIN_MAX_FAILURES: String(MAX_FAILURES), LOGIN_LOCK_MINUTES: '15', TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('should refuse the setup calls to anyone but staff', async () => {
    const [fan] = await createAccounts(t, 'tf_fan', 1);
    for (const [method, path, body] of [
      ['GET', '/admin/two-factor', undefined],
      ['POST', '/admin/two-factor/setup', undefined],
      ['POST', '/admin/two-factor/confirm', { code: '123456' }],
      ['POST', '/admin/two-factor/recovery-codes', { code: '123456' }],
      ['POST', '/admin/two-factor/disable', { password: 'whatever' }],
    ] as const) {
      const res = await call(t, method, path, fan.token, body);
      expect({ path, status: res.status, body: await res.json() }).toEqual({ path, status: 403, body: { detail: AUTH_GUARD_MESSAGES.superuserRequired } });
      expect((await call(t, method, path, null, body)).status).toBe(401);
    }
  });

  it('should set up with a real authenticator code, then ask every sign-in for a code, and refuse a replayed one', async () => {
    const owner = await staffAccount(t, 'tf_owner');
    const token = await tokenOf(t, '10.1.0.1', owner.username);

    expect(await (await call(t, 'GET', '/admin/two-factor', token)).json()).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      required: false,
    });
    // Nothing to confirm before the setup starts.
    expect((await call(t, 'POST', '/admin/two-factor/confirm', token, { code: '123456' })).status).toBe(409);

    const started = await call(t, 'POST', '/admin/two-factor/setup', token);
    expect(started.status).toBe(200);
    expect(started.headers.get('cache-control')).toBe('no-store');
    const setup = (await started.json()) as TwoFactorSetup;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauth_uri).toBe(`otpauth://totp/ScreamStage:tf_owner?issuer=ScreamStage&secret=${setup.secret}&algorithm=SHA1&digits=6&period=30`);
    expect(setup.qr_svg).toMatch(/^<svg [^>]*viewBox=/);
    // The secret is kept sealed, never as given.
    const { rows } = await t.db.pool.query('SELECT two_factor_secret, two_factor_enabled_at FROM users WHERE id = $1', [owner.id]);
    expect(rows[0].two_factor_secret).toMatch(/^v1\./);
    expect(rows[0].two_factor_secret).not.toContain(setup.secret);
    expect(rows[0].two_factor_enabled_at).toBeNull();

    const wrong = await call(t, 'POST', '/admin/two-factor/confirm', token, { code: codeAt(setup.secret, 5) });
    expect({ status: wrong.status, body: await wrong.json() }).toEqual({ status: 400, body: { detail: M.wrongSetupCode } });
    const badFormat = await call(t, 'POST', '/admin/two-factor/confirm', token, { code: '12ab' });
    expect(badFormat.status).toBe(422);

    const confirmed = await call(t, 'POST', '/admin/two-factor/confirm', token, { code: codeAt(setup.secret, -1) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get('cache-control')).toBe('no-store');
    const { recovery_codes: recoveryCodes } = (await confirmed.json()) as RecoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
    // Only hashes of the recovery codes are stored.
    const stored = (await t.db.pool.query('SELECT code_hash FROM two_factor_recovery_codes WHERE user_id = $1', [owner.id])).rows;
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored as { code_hash: string }[]) expect(recoveryCodes).not.toContain(code_hash);

    const status = (await (await call(t, 'GET', '/admin/two-factor', token)).json()) as TwoFactorStatus;
    expect(status).toEqual({ enabled: true, enabled_at: expect.any(String), recovery_codes_left: 10, required: false });
    expect(((await (await call(t, 'GET', '/users/me', token)).json()) as CurrentUser).two_factor_enabled).toBe(true);
    expect(await auditOf(owner.id)).toEqual([
      {
        actor_id: owner.id,
        action: 'user.two_factor_enable',
        target_id: owner.id,
        before: { two_factor: false },
        after: { two_factor: true, recovery_codes_left: 10 },
      },
    ]);

    // The password alone now answers a challenge, no token.
    const first = await login(t, '10.1.0.2', owner.username);
    expect(first.status).toBe(200);
    const asked = (await first.json()) as Record<string, unknown>;
    expect(asked).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    const code = codeAt(setup.secret, 0);
    const signedIn = await secondStep(t, '10.1.0.2', asked.challenge as string, code);
    expect(signedIn.status).toBe(200);
    const answer = (await signedIn.json()) as TwoFactorTokenResponse;
    expect(answer).toEqual({ access_token: expect.any(String), token_type: 'bearer', recovery_code_used: false, recovery_codes_left: 10 });
    expect(decodeJwt(answer.access_token)).toMatchObject({ sub: owner.username, is_superuser: true });
    expect((await call(t, 'GET', '/admin/two-factor', answer.access_token)).status).toBe(200);

    // The challenge finished its sign-in; the code signed in once.
    const used = await secondStep(t, '10.1.0.2', asked.challenge as string, code);
    expect({ status: used.status, body: await used.json() }).toEqual({ status: 401, body: { detail: M.challengeExpired } });
    const replayed = await secondStep(t, '10.1.0.2', await challengeOf(t, '10.1.0.2', owner.username), code);
    expect({ status: replayed.status, body: await replayed.json() }).toEqual({ status: 401, body: { detail: M.wrongCode } });

    // A recovery code signs in once, typed any way, and the answer says how many are left.
    const recovery = recoveryCodes[3];
    const byRecovery = await secondStep(
      t,
      '10.1.0.3',
      await challengeOf(t, '10.1.0.3', owner.username, { remember_me: 'true' }),
      recovery.toUpperCase().replace(/-/g, ' '),
    );
    expect(byRecovery.status).toBe(200);
    const recovered = (await byRecovery.json()) as TwoFactorTokenResponse;
    expect(recovered).toMatchObject({ recovery_code_used: true, recovery_codes_left: 9 });
    // remember_me travels with the challenge.
    const claims = decodeJwt(recovered.access_token);
    expect((claims.exp as number) - (claims.iat as number)).toBe(30 * 86_400);
    const again = await secondStep(t, '10.1.0.3', await challengeOf(t, '10.1.0.3', owner.username), recovery);
    expect({ status: again.status, body: await again.json() }).toEqual({ status: 401, body: { detail: M.wrongCode } });
  });

  it('should count wrong codes like wrong passwords: a right password between them forgives nothing, and enough of them answer 429', async () => {
    const owner = await staffAccount(t, 'tf_limited');
    const { secret } = await enableTwoFactor(t, await tokenOf(t, '10.2.0.9', owner.username));
    const address = '10.2.0.1';
    const wrongCode = async (challenge: string) => {
      const res = await secondStep(t, address, challenge, '000000' === codeAt(secret, 0) ? '111111' : '000000');
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 401, body: { detail: M.wrongCode } });
    };
    const challenge = await challengeOf(t, address, owner.username);
    await wrongCode(challenge);
    await wrongCode(challenge);
    // A right password neither counts nor forgives the wrong codes before it.
    await wrongCode(await challengeOf(t, address, owner.username));

    const refused = await secondStep(t, address, challenge, codeAt(secret, 0));
    expect({ status: refused.status, body: await refused.json() }).toEqual({ status: 429, body: { detail: LOGIN_MESSAGES.tooManyAttempts } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The password from that address is refused too, as after wrong passwords.
    expect((await login(t, address, owner.username)).status).toBe(429);

    // From elsewhere the owner signs in; the limits there are untouched.
    const elsewhere = await secondStep(t, '10.2.0.2', await challengeOf(t, '10.2.0.2', owner.username), codeAt(secret, 0));
    expect(elsewhere.status).toBe(200);
  });

  it('should void a challenge after five wrong codes, wherever they come from', async () => {
    const owner = await staffAccount(t, 'tf_voided');
    const { secret } = await enableTwoFactor(t, await tokenOf(t, '10.3.0.9', owner.username));
    const challenge = await challengeOf(t, '10.3.0.1', owner.username);
    const wrong = codeAt(secret, 0) === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i++) expect((await secondStep(t, `10.3.1.${i}`, challenge, wrong)).status).toBe(401);
    const late = await secondStep(t, '10.3.2.1', challenge, codeAt(secret, 0));
    expect({ status: late.status, body: await late.json() }).toEqual({ status: 401, body: { detail: M.challengeExpired } });
    // A new sign-in goes through.
    expect((await secondStep(t, '10.3.2.1', await challengeOf(t, '10.3.2.1', owner.username), codeAt(secret, 0))).status).toBe(200);
  });

  it('should record the sign-in only once a second step succeeds: not at the challenge, nor at a wrong code', async () => {
    const owner = await staffAccount(t, 'tf_last_login');
    const { secret } = await enableTwoFactor(t, await tokenOf(t, '10.5.0.9', owner.username));
    const lastLogin = async (): Promise<Date | null> =>
      (await t.db.pool.query('SELECT last_login_at FROM users WHERE id = $1', [owner.id])).rows[0].last_login_at as Date | null;
    // The password sign-in that set it up was recorded; forget it, to see what the second step records.
    expect(await lastLogin()).toBeInstanceOf(Date);
    await t.db.pool.query('UPDATE users SET last_login_at = NULL WHERE id = $1', [owner.id]);

    const challenge = await challengeOf(t, '10.5.0.1', owner.username);
    expect(await lastLogin()).toBeNull();
    const wrong = codeAt(secret, 0) === '000000' ? '111111' : '000000';
    expect((await secondStep(t, '10.5.0.1', challenge, wrong)).status).toBe(401);
    expect(await lastLogin()).toBeNull();

    const before = Date.now();
    const signedIn = await secondStep(t, '10.5.0.1', challenge, codeAt(secret, 0));
    expect(signedIn.status).toBe(200);
    const recorded = await lastLogin();
    expect(recorded).toBeInstanceOf(Date);
    // The server's clock is this machine's: a second's slack either way.
    expect(recorded!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(recorded!.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    // The staff list answers it.
    const staff = (await (await call(t, 'GET', '/admin/staff', ((await signedIn.json()) as TwoFactorTokenResponse).access_token)).json()) as StaffList;
    expect(staff.items.find((m) => m.id === owner.id)).toMatchObject({ two_factor: true, last_login_at: recorded!.toISOString() });
  });

  it('should refuse the second step of a sign-in that a password reset overtook, a right code notwithstanding', async () => {
    const owner = await staffAccount(t, 'tf_reset');
    const { secret } = await enableTwoFactor(t, await tokenOf(t, '10.6.0.9', owner.username));
    const challenge = await challengeOf(t, '10.6.0.1', owner.username);

    const post = (path: string, body: unknown) =>
      fetch(`${t.api}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const before = (await mailsTo(t.dataDir, owner.email)).length;
    expect((await post('/auth/forgot-password', { email: owner.email })).status).toBe(200);
    const [mail] = (await waitForMails(t.dataDir, owner.email, before + 1)).slice(before);
    expect((await post('/auth/reset-password', { token: tokenFromMail(mail, 'reset-password'), new_password: 'the-new-staff-password' })).status).toBe(200);

    const late = await secondStep(t, '10.6.0.1', challenge, codeAt(secret, 0));
    expect({ status: late.status, body: await late.json() }).toEqual({ status: 401, body: { detail: M.challengeExpired } });
  });

  it('should answer a malformed second step with 422 and an unknown challenge with 401', async () => {
    const bad = await fetch(`${t.api}/auth/login/two-factor`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'nope' }),
    });
    expect(bad.status).toBe(422);
    const unknown = await secondStep(t, '10.4.0.1', 'not-a-challenge', '123456');
    expect({ status: unknown.status, body: await unknown.json() }).toEqual({ status: 401, body: { detail: M.challengeExpired } });
  });

  it('should replace the recovery codes for a current code, and turn off with the password, each in the audit log', async () => {
    const owner = await staffAccount(t, 'tf_regen');
    const token = await tokenOf(t, '10.5.0.1', owner.username);
    const { secret, recoveryCodes } = await enableTwoFactor(t, token);

    const wrong = await call(t, 'POST', '/admin/two-factor/recovery-codes', token, { code: codeAt(secret, 5) });
    expect({ status: wrong.status, body: await wrong.json() }).toEqual({ status: 400, body: { detail: M.wrongSetupCode } });
    const regenerated = await call(t, 'POST', '/admin/two-factor/recovery-codes', token, { code: codeAt(secret, 0) });
    expect(regenerated.status).toBe(200);
    const fresh = ((await regenerated.json()) as RecoveryCodes).recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => recoveryCodes.includes(c))).toEqual([]);
    expect((await secondStep(t, '10.5.0.2', await challengeOf(t, '10.5.0.2', owner.username), recoveryCodes[0])).status).toBe(401);
    expect((await secondStep(t, '10.5.0.3', await challengeOf(t, '10.5.0.3', owner.username), fresh[0])).status).toBe(200);

    const badPassword = await call(t, 'POST', '/admin/two-factor/disable', token, { password: 'not-the-password' });
    expect({ status: badPassword.status, body: await badPassword.json() }).toEqual({ status: 400, body: { detail: M.wrongPassword } });
    expect((await call(t, 'POST', '/admin/two-factor/disable', token, {})).status).toBe(422);
    const off = await call(t, 'POST', '/admin/two-factor/disable', token, { password: 'staff-password-123' });
    expect({ status: off.status, body: await off.json() }).toEqual({
      status: 200,
      body: { enabled: false, enabled_at: null, recovery_codes_left: 0, required: false },
    });
    expect((await call(t, 'POST', '/admin/two-factor/disable', token, { password: 'staff-password-123' })).status).toBe(409);

    // Off: the password alone signs in again, and nothing of the second factor is left.
    const plain = (await (await login(t, '10.5.0.4', owner.username)).json()) as Record<string, unknown>;
    expect(plain).toEqual({ access_token: expect.any(String), token_type: 'bearer' });
    const { rows } = await t.db.pool.query(
      'SELECT two_factor_secret, (SELECT count(*) FROM two_factor_recovery_codes WHERE user_id = $1)::int AS codes FROM users WHERE id = $1',
      [owner.id],
    );
    expect(rows[0]).toEqual({ two_factor_secret: null, codes: 0 });

    expect((await auditOf(owner.id)).map(({ actor_id, action, before, after }) => ({ actor_id, action, before, after }))).toEqual([
      { actor_id: owner.id, action: 'user.two_factor_enable', before: { two_factor: false }, after: { two_factor: true, recovery_codes_left: 10 } },
      { actor_id: owner.id, action: 'user.recovery_codes_regenerate', before: { recovery_codes_left: 10 }, after: { recovery_codes_left: 10 } },
      { actor_id: owner.id, action: 'user.two_factor_disable', before: { two_factor: true }, after: { two_factor: false, confirmed_with: 'password' } },
    ]);
  });

  it('should turn off with a current code too, and refuse one already used', async () => {
    const owner = await staffAccount(t, 'tf_off_code');
    const token = await tokenOf(t, '10.6.0.1', owner.username);
    const { secret } = await enableTwoFactor(t, token);
    // The confirming code's step is taken: that code cannot turn it off.
    const replay = await call(t, 'POST', '/admin/two-factor/disable', token, { code: codeAt(secret, -1) });
    expect(replay.status).toBe(400);
    const off = await call(t, 'POST', '/admin/two-factor/disable', token, { code: codeAt(secret, 0) });
    expect(off.status).toBe(200);
    expect(((await auditOf(owner.id)).at(-1) as AuditRow).after).toEqual({ two_factor: false, confirmed_with: 'code' });
  });
});

describe('two-factor sign-in (STAFF_2FA=required)', () => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer({ STAFF_2FA: 'required', TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('should keep an owner without a second factor to its setup and GET /users/me, then let it in once set up', async () => {
    const owner = await staffAccount(t, 'tf_required');
    const token = await tokenOf(t, '10.7.0.1', owner.username);

    for (const path of ['/admin/jobs', '/admin/audit-log?page=1', '/contestants']) {
      const res = await call(t, 'GET', path, token);
      expect({ path, status: res.status, body: await res.json() }).toEqual({ path, status: 403, body: { detail: M.setupRequired } });
    }
    expect((await call(t, 'GET', '/users/me', token)).status).toBe(200);
    expect(await (await call(t, 'GET', '/admin/two-factor', token)).json()).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      required: true,
    });

    const { secret } = await enableTwoFactor(t, token);
    expect((await call(t, 'GET', '/admin/jobs', token)).status).toBe(200);
    const signedIn = await secondStep(t, '10.7.0.2', await challengeOf(t, '10.7.0.2', owner.username), codeAt(secret, 0));
    const fresh = ((await signedIn.json()) as TwoFactorTokenResponse).access_token;
    expect((await call(t, 'GET', '/admin/audit-log?page=1', fresh)).status).toBe(200);
  });

  it('should still answer everyone else as before', async () => {
    const [fan] = await createAccounts(t, 'tf_req_fan', 1);
    const res = await call(t, 'GET', '/admin/jobs', fan.token);
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 403, body: { detail: AUTH_GUARD_MESSAGES.superuserRequired } });
    expect((await call(t, 'GET', '/users/me', fan.token)).status).toBe(200);
  });
});
