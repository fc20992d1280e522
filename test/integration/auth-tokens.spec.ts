import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ACCOUNT_MESSAGES as A, LOGIN_MESSAGES } from '#contract/auth/messages.js';
import { loginForm, mailsTo, register, tokenFromMail, validFields, verifiedUser, waitForMails } from '../helpers/accounts.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

describe('account e-mail links', () => {
  let t: TestServer;

  const post = (path: string, body: unknown) =>
    fetch(`${t.api}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const login = (username: string, password: string) => fetch(`${t.api}/auth/login`, { method: 'POST', body: loginForm(username, password) });
  const isVerified = async (username: string) =>
    (await t.db.pool.query('SELECT is_verified FROM users WHERE username = $1', [username])).rows[0].is_verified as boolean;

  /** Registers and answers the token of the verification e-mail. */
  const registerForToken = async (tag: string) => {
    const fields = validFields(tag);
    expect((await register(t, fields)).status).toBe(201);
    const [mail] = await waitForMails(t.dataDir, fields.email);
    return { fields, token: tokenFromMail(mail, 'verify-email') };
  };

  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.stop();
  });

  describe('e-mail verification', () => {
    it('should verify the account through the link of the e-mail, once', async () => {
      const { fields, token } = await registerForToken('v1');
      expect((await login(fields.username, fields.password)).status).toBe(403);

      const res = await post('/auth/verify-email', { token });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: 'Email verified successfully!' });
      expect(await isVerified(fields.username)).toBe(true);
      expect((await login(fields.username, fields.password)).status).toBe(200);

      const again = await post('/auth/verify-email', { token });
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual({ detail: A.tokenInvalid });
    });

    it('should verify through GET with the token in the query string', async () => {
      const { fields, token } = await registerForToken('v2');
      const res = await fetch(`${t.api}/auth/verify-email?token=${encodeURIComponent(token)}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: 'Email verified successfully!' });
      expect(await isVerified(fields.username)).toBe(true);
    });

    it('should refuse an expired link and leave the account unverified', async () => {
      const { fields, token } = await registerForToken('v3');
      await t.db.pool.query(
        `UPDATE auth_tokens SET expires_at = now() - interval '1 minute'
         WHERE user_id = (SELECT id FROM users WHERE username = $1)`,
        [fields.username],
      );
      const res = await post('/auth/verify-email', { token });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ detail: A.tokenExpired });
      expect(await isVerified(fields.username)).toBe(false);
    });

    it('should refuse an unknown token with 400 and a missing one with 422', async () => {
      const unknown = await post('/auth/verify-email', { token: 'x'.repeat(43) });
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toEqual({ detail: A.tokenInvalid });

      const missing = await fetch(`${t.api}/auth/verify-email`);
      expect(missing.status).toBe(422);
      expect(await missing.json()).toEqual({ detail: [{ loc: ['query', 'token'], msg: A.invalidVerificationLink, type: expect.any(String) }] });

      const notText = await post('/auth/verify-email', { token: { $ne: null } });
      expect(notText.status).toBe(422);
    });

    it('should answer both resend calls alike for unknown, verified and unverified addresses, mailing only the unverified', async () => {
      const { fields: pending } = await registerForToken('v4');
      const done = await verifiedUser(t, 'v5');
      const mailsBefore = {
        pending: (await mailsTo(t.dataDir, pending.email)).length,
        done: (await mailsTo(t.dataDir, done.email)).length,
      };

      const answers = [];
      for (const path of ['/auth/resend-verification-email', '/auth/request-email-verification']) {
        for (const email of ['nobody@example.com', done.email, pending.email.toUpperCase()]) {
          const res = await post(path, { email });
          answers.push({ status: res.status, body: await res.json() });
        }
      }
      expect(answers).toEqual(Array(6).fill({ status: 200, body: { message: A.verificationSent } }));

      const pendingMails = await waitForMails(t.dataDir, pending.email, mailsBefore.pending + 2);
      expect(pendingMails).toHaveLength(mailsBefore.pending + 2);
      expect(await mailsTo(t.dataDir, done.email)).toHaveLength(mailsBefore.done);
      expect(await mailsTo(t.dataDir, 'nobody@example.com')).toHaveLength(0);

      // The resent link works.
      const res = await post('/auth/verify-email', { token: tokenFromMail(pendingMails.at(-1)!, 'verify-email') });
      expect(res.status).toBe(200);
      // ...and once one link is used, the others of that account are used up too.
      const older = await post('/auth/verify-email', { token: tokenFromMail(pendingMails[0], 'verify-email') });
      expect(older.status).toBe(400);
    });

    it('should stop mailing an address after five requests an hour, with the same answer', async () => {
      const { fields } = await registerForToken('v6');
      for (let i = 0; i < 7; i++) {
        const res = await post('/auth/resend-verification-email', { email: fields.email });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ message: A.verificationSent });
      }
      await waitForMails(t.dataDir, fields.email, 6); // registration + five resends
      await new Promise((r) => setTimeout(r, 300));
      expect(await mailsTo(t.dataDir, fields.email)).toHaveLength(6);
    });

    it('should validate the e-mail of a resend with the spec texts', async () => {
      const res = await post('/auth/resend-verification-email', { email: 'nope' });
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ detail: [{ loc: ['body', 'email'], msg: A.forgotEmailInvalid, type: expect.any(String) }] });
    });
  });

  describe('password reset', () => {
    it('should answer forgot-password alike for an unknown address and mail nobody', async () => {
      const res = await post('/auth/forgot-password', { email: 'ghost@example.com' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: A.forgotAlways });
      await new Promise((r) => setTimeout(r, 300));
      expect(await mailsTo(t.dataDir, 'ghost@example.com')).toHaveLength(0);
    });

    it('should change the password with the newest link and make every older link useless', async () => {
      const user = await verifiedUser(t, 'r1');
      const before = (await mailsTo(t.dataDir, user.email)).length;
      for (let i = 0; i < 2; i++) {
        const res = await post('/auth/forgot-password', { email: user.email.toUpperCase() });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ message: A.forgotAlways });
      }
      const mails = (await waitForMails(t.dataDir, user.email, before + 2)).slice(before);
      expect(mails[0]).toMatch(/Subject: Reset your ScreamStage password/);
      const [older, newer] = mails.map((m) => tokenFromMail(m, 'reset-password'));
      expect(older).not.toEqual(newer);

      const reset = await post('/auth/reset-password', { token: newer, new_password: 'a-brand-new-secret' });
      expect(reset.status).toBe(200);
      expect(await reset.json()).toEqual({ message: A.passwordResetDone });

      expect((await login(user.username, 'a-brand-new-secret')).status).toBe(200);
      const old = await login(user.username, user.password);
      expect(old.status).toBe(400);
      expect(await old.json()).toEqual({ detail: LOGIN_MESSAGES.invalidCredentials });

      for (const token of [older, newer]) {
        const res = await post('/auth/reset-password', { token, new_password: 'yet-another-secret' });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ detail: A.tokenInvalid });
      }
      expect((await login(user.username, 'a-brand-new-secret')).status).toBe(200);
    });

    it('should make sign-in tokens issued before a reset useless', async () => {
      const user = await verifiedUser(t, 'r9');
      const signedIn = (await (await login(user.username, user.password)).json()) as { access_token: string };
      const me = () => fetch(`${t.api}/users/me`, { headers: { authorization: `Bearer ${signedIn.access_token}` } });
      expect((await me()).status).toBe(200);

      const before = (await mailsTo(t.dataDir, user.email)).length;
      await post('/auth/forgot-password', { email: user.email });
      const [mail] = (await waitForMails(t.dataDir, user.email, before + 1)).slice(before);
      const reset = await post('/auth/reset-password', { token: tokenFromMail(mail, 'reset-password'), new_password: 'after-the-reset-1' });
      expect(reset.status).toBe(200);

      const after = await me();
      expect(after.status).toBe(401);
      expect(await after.json()).toEqual({ detail: 'Not authenticated' });
    });

    it('should refuse an expired reset link and keep the password', async () => {
      const user = await verifiedUser(t, 'r2');
      const before = (await mailsTo(t.dataDir, user.email)).length;
      await post('/auth/forgot-password', { email: user.email });
      const mails = await waitForMails(t.dataDir, user.email, before + 1);
      const token = tokenFromMail(mails.at(-1)!, 'reset-password');
      const { rows } = await t.db.pool.query(
        `SELECT extract(epoch FROM expires_at - now()) AS ttl FROM auth_tokens
         WHERE purpose = 'reset_password' AND user_id = (SELECT id FROM users WHERE username = $1)`,
        [user.username],
      );
      expect(Number(rows[0].ttl)).toBeGreaterThan(3600 - 60);
      expect(Number(rows[0].ttl)).toBeLessThanOrEqual(3600);

      await t.db.pool.query(`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'reset_password'`);
      const res = await post('/auth/reset-password', { token, new_password: 'a-brand-new-secret' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ detail: A.tokenExpired });
      expect((await login(user.username, user.password)).status).toBe(200);
    });

    it('should refuse a short new password with the spec text and keep the link usable', async () => {
      const user = await verifiedUser(t, 'r3');
      const before = (await mailsTo(t.dataDir, user.email)).length;
      await post('/auth/forgot-password', { email: user.email });
      const token = tokenFromMail((await waitForMails(t.dataDir, user.email, before + 1)).at(-1)!, 'reset-password');

      const short = await post('/auth/reset-password', { token, new_password: 'short' });
      expect(short.status).toBe(422);
      expect(await short.json()).toEqual({
        detail: [{ loc: ['body', 'new_password'], msg: 'Password must be at least 8 characters', type: expect.any(String) }],
      });

      const missing = await post('/auth/reset-password', { token });
      expect(missing.status).toBe(422);
      expect(((await missing.json()) as { detail: { msg: string }[] }).detail[0].msg).toBe(A.resetPasswordRequired);

      expect((await post('/auth/reset-password', { token, new_password: 'long-enough-now' })).status).toBe(200);
    });

    it('should validate the forgot-password e-mail with the spec texts', async () => {
      const empty = await post('/auth/forgot-password', { email: '' });
      expect(empty.status).toBe(422);
      expect(await empty.json()).toEqual({ detail: [{ loc: ['body', 'email'], msg: 'Email is required', type: expect.any(String) }] });
      const bad = await post('/auth/forgot-password', { email: 'not-an-email' });
      expect(((await bad.json()) as { detail: { msg: string }[] }).detail[0].msg).toBe('Please enter a valid email address');
    });
  });
  describe('e-mails per mailbox', () => {
    /** ann@, Ann+1@, ann+2@ ... of one domain: one mailbox, seven accounts. */
    const variants = Array.from({ length: 7 }, (_, i) => (i === 0 ? 'ann@mailbox.example.com' : `${i % 2 ? 'Ann' : 'ann'}+${i}@mailbox.example.com`));
    const mailsWith = async (link: string) => (await Promise.all(variants.map((e) => mailsTo(t.dataDir, e)))).flat().filter((m) => m.includes(link)).length;
    /** Waits until `count` such e-mails arrived, then a little longer to see that no more come. */
    const settledCount = async (link: string, count: number) => {
      const until = Date.now() + 10_000;
      while ((await mailsWith(link)) < count && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 1_000));
      return mailsWith(link);
    };

    beforeAll(async () => {
      for (const [i, email] of variants.entries()) {
        expect((await register(t, { ...validFields(`mbx${i}`), email })).status).toBe(201);
      }
      expect(await settledCount('verify-email', 7)).toBe(7); // one on registration each
    });

    it('should count verification e-mails per mailbox, +tags and letter case folded, with the same answer', async () => {
      for (const email of variants) {
        const res = await post('/auth/resend-verification-email', { email });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ message: A.verificationSent });
      }
      expect(await settledCount('verify-email', 7 + 5)).toBe(7 + 5);
    });

    it('should count password reset e-mails per mailbox, +tags and letter case folded, with the same answer', async () => {
      for (const email of variants) {
        const res = await post('/auth/forgot-password', { email });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ message: A.forgotAlways });
      }
      expect(await settledCount('reset-password', 5)).toBe(5);
    });
  });
});
