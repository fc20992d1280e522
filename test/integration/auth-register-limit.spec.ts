import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { REGISTRATION_MESSAGES as R } from '#contract/auth/messages.js';
import { pngPicture, registrationForm, validFields } from '../helpers/accounts.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const PER_HOUR = 5;

describe('POST /auth/register-contestant: accounts per client address', () => {
  let t: TestServer;

  /** Registers from `address` (TRUST_PROXY lets the test choose it through X-Forwarded-For). */
  const registerFrom = async (address: string, tag: string) =>
    fetch(`${t.api}/auth/register-contestant`, {
      method: 'POST',
      headers: { 'x-forwarded-for': address },
      body: registrationForm(validFields(tag), [await pngPicture()]),
    });

  beforeAll(async () => {
    t = await startTestServer({ REGISTRATIONS_PER_HOUR: String(PER_HOUR), TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('should refuse the sixth account of an hour from one address with 429, a clear detail and Retry-After; other addresses go on', async () => {
    for (let i = 0; i < PER_HOUR; i++) expect((await registerFrom('10.9.0.1', `lim${i}`)).status).toBe(201);

    const refused = await registerFrom('10.9.0.1', 'lim_over');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ detail: R.tooMany });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const { rows } = await t.db.pool.query('SELECT count(*) FROM users WHERE username = $1', ['user_lim_over']);
    expect(Number(rows[0].count)).toBe(0);

    expect((await registerFrom('10.9.0.2', 'lim_other')).status).toBe(201);
  });

  it('should not count refused forms against the address', async () => {
    // Taken names (409) are not accounts: a person fixing their form is not locked out.
    for (let i = 0; i < PER_HOUR + 1; i++) expect((await registerFrom('10.9.0.3', 'lim0')).status).toBe(409);
    expect((await registerFrom('10.9.0.3', 'lim_fixed')).status).toBe(201);
  });

  it('should keep the address only as a keyed hash in the limiter', async () => {
    const { rows } = await t.db.pool.query('SELECT key FROM rate_limits');
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows as { key: string }[]) expect(key).not.toMatch(/10\.9\./);
  });
});
