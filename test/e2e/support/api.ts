// The API calls the browser tests prepare their data with (as a visitor, a contestant or the admin).
import { baseUrl } from './browser.js';

const HOUR = 3_600_000;

export async function api(method: string, path: string, token: string | null, body?: unknown): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl()}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : {};
}

export async function tokenOf(login: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: login, password }),
  });
  if (!res.ok) throw new Error(`login ${login}: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A current contest that is already running (a new contest cannot start in the past, an edit can). */
export async function runningContest(adminToken: string, name: string): Promise<number> {
  const created = await api('POST', '/admin/create-contest', adminToken, {
    name: `${name} ${Date.now().toString(36)}`,
    description: 'Fans decide who screams loudest.',
    start_date: new Date(Date.now() + HOUR).toISOString(),
    end_date: new Date(Date.now() + 30 * 24 * HOUR).toISOString(),
    is_active: true,
    is_current: true,
  });
  const id = Number(created.id);
  await api('PUT', `/admin/contests/${id}`, adminToken, { start_date: new Date(Date.now() - HOUR).toISOString() });
  return id;
}

/**
 * A package of 10 votes (+2 bonus) bought for a contestant and paid in TEST MODE, returned once the
 * worker has credited it: their series of votes per day shows the 12 paid votes.
 */
export async function paidPackageOfTen(username: string): Promise<void> {
  const profile = await api('GET', `/contestants/${username}/`, null);
  const back = `${baseUrl()}/profile/${username}`;
  const { payment_url } = await api('POST', `/contestants/${username}/buy-votes`, null, {
    contestant_id: Number(profile.id),
    num_votes: 10,
    payer_email: 'package-fan@example.test',
    payment_method: 'stripe',
    frontend_success_url: `${back}?payment=success`,
    frontend_cancel_url: `${back}?payment=cancel`,
    amount_expected: 10,
  });
  const paymentId = new URL(String(payment_url)).pathname.split('/').at(-1);
  await api('POST', `/payments/test/${paymentId}/pay`, null);
  for (let i = 0; i < 100; i += 1) {
    const seen = await api('GET', `/contestants/${username}/votes-over-time?bucket=day`, null);
    if ((seen.points as { paid: number }[]).some((p) => p.paid === 12)) {
      // Each server process keeps a series it read for up to 5 s (several processes by default), so
      // every process answers with the credit only once a read from before it has expired.
      await new Promise((r) => setTimeout(r, 5_500));
      return;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the package for ${username} was not credited within 20 s`);
}
