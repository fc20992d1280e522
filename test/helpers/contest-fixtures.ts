// Fixtures for the contest tests: accounts and contests written straight into the test database
// (fast, and able to make states the API refuses, such as an ended contest), tokens signed the way
// the server signs them, and a small JSON caller.
import { createHmac } from 'node:crypto';
import { aContest, someProfiles, someUsers } from './factories.js';
import type { TestServer } from './test-app.js';

export interface TestAccount {
  id: number;
  username: string;
  profileId: number | null;
  token: string;
}

/** 'admin' is an owner; 'organizer' and 'moderator' are staff with those roles. */
export type AccountKind = 'contestant' | 'admin' | 'organizer' | 'moderator' | 'unverified' | 'no-profile';

const STAFF_ROLE_OF: Partial<Record<AccountKind, string>> = { admin: 'owner', organizer: 'organizer', moderator: 'moderator' };

/** An HS256 JWT with the server's claims, including the password-version fingerprint the guard checks. */
export function signToken(
  t: Pick<TestServer, 'env'>,
  user: { username: string; email: string; password_hash: string; is_superuser: boolean; staff_role?: string | null; is_verified: boolean },
): string {
  const secret = t.env.JWT_SECRET;
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    sub: user.username,
    email: user.email,
    is_superuser: user.is_superuser,
    staff_role: user.staff_role ?? null,
    is_verified: user.is_verified,
    pwv: createHmac('sha256', secret).update(user.password_hash).digest('base64url').slice(0, 16),
    iat: now,
    exp: now + 3600,
  };
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/** `count` accounts named `${prefix}_1..n`; contestants get a profile with `pictures`. */
export async function createAccounts(
  t: TestServer,
  prefix: string,
  count: number,
  kind: AccountKind = 'contestant',
  pictures: string[] = [],
): Promise<TestAccount[]> {
  const staffRole = STAFF_ROLE_OF[kind] ?? null;
  const users = await someUsers(
    t.db,
    Array.from({ length: count }, (_, i) => {
      const n = i + 1;
      return {
        username: `${prefix}_${n}`,
        email: `${prefix}_${n}@example.com`,
        password_hash: `hash-${prefix}-${n}`,
        first_name: `First${n}`,
        last_name: `Last${n}`,
        staff_role: staffRole,
        is_competitor: staffRole === null,
        is_verified: kind !== 'unverified',
      };
    }),
  );
  const withProfile = kind === 'contestant' || kind === 'unverified';
  const profiles = new Map<number, number>();
  if (withProfile) {
    const inserted = await someProfiles(
      t.db,
      users.map((u) => u.id),
      { pictures_urls: pictures },
    );
    for (const p of inserted) profiles.set(p.user_id, p.id);
  }
  return users.map((u) => ({ id: u.id, username: u.username, profileId: profiles.get(u.id) ?? null, token: signToken(t, u) }));
}

export interface ContestRow {
  name?: string;
  startDate?: Date;
  endDate?: Date | null;
  isActive?: boolean;
  isCurrent?: boolean;
  groupSizeCap?: number | null;
}

const DAY_MS = 86_400_000;

/** A contest row; by default active, started yesterday, ending in 30 days, not current. */
export async function insertContest(t: TestServer, c: ContestRow = {}): Promise<number> {
  const contest = await aContest(t.db, {
    name: c.name ?? `Contest ${Math.random().toString(36).slice(2, 8)}`,
    description: 'A test contest',
    start_date: c.startDate ?? new Date(Date.now() - DAY_MS),
    end_date: c.endDate === undefined ? new Date(Date.now() + 30 * DAY_MS) : c.endDate,
    is_active: c.isActive ?? true,
    is_current: c.isCurrent ?? false,
    group_size_cap: c.groupSizeCap ?? null,
  });
  return contest.id;
}

export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);

/** A JSON request with an optional bearer token. */
export function call(t: TestServer, method: string, path: string, token?: string | null, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${t.api}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

export const join = (t: TestServer, account: TestAccount, contestId: unknown) =>
  call(t, 'POST', '/contestants/join-contest', account.token, { contest_id: contestId });

/** Per group of the contest: number, the stored counter and the entries actually in it. */
export async function groupCounts(t: TestServer, contestId: number): Promise<{ group_number: number; counter: number; entries: number }[]> {
  const { rows } = await t.db.pool.query(
    `SELECT g.group_number, g.current_contestants_count AS counter, count(e.id)::int AS entries
     FROM groups g LEFT JOIN contest_entries e ON e.group_id = g.id
     WHERE g.contest_id = $1 GROUP BY g.id ORDER BY g.group_number`,
    [contestId],
  );
  return rows;
}
