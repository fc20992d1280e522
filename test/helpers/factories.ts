// Test rows built in one place: each factory inserts one row with sensible defaults that a test
// overrides where it matters (its `some…` variant, a batch of them in one statement), through the app's
// query builder (so a renamed column breaks the build, not a test at run time). Use these instead of
// writing INSERT statements in specs.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Compilable, Insertable } from 'kysely';
import type pg from 'pg';
import { queryBuilder as qb } from '#server/infra/database/query-builder.js';
import type {
  ContestEntries,
  ContestRounds,
  Contests,
  ContestantProfiles,
  Groups,
  Jobs,
  Payments,
  JsonValue,
  SupportMessages,
  Users,
  VoteFlags,
  Votes,
  WebhookAttempts,
  WebhookDeliveries,
  WebhookEndpoints,
} from '#server/infra/database/schema.js';

type Db = { pool: pg.Pool };

async function insert<T>(db: Db, query: { compile(): { sql: string; parameters: readonly unknown[] } }): Promise<T> {
  const { sql, parameters } = query.compile();
  const { rows } = await db.pool.query(sql, [...parameters]);
  return rows[0] as T;
}

/** Every row a statement returns, typed by the query that returns them. */
async function rowsOf<O>(db: Db, query: Compilable<O>): Promise<O[]> {
  const { sql, parameters } = query.compile();
  const { rows } = await db.pool.query(sql, [...parameters]);
  return rows as O[];
}

const tag = () => randomBytes(4).toString('hex');

/** What a user factory answers: enough to sign the user's token. */
export type UserRow = {
  id: number;
  username: string;
  email: string;
  password_hash: string;
  is_superuser: boolean;
  staff_role: string | null;
  is_verified: boolean;
};

/**
 * A user's row: a fresh username, an e-mail made from it, and a password hash no password matches. A staff
 * account is one with either flag: `is_superuser: true` alone makes an owner, a `staff_role` alone sets
 * is_superuser (the table holds the two in step).
 */
const userValues = (fields: Partial<Insertable<Users>>): Insertable<Users> => {
  const name = fields.username ?? `user_${tag()}`;
  const staff = fields.staff_role !== undefined ? { is_superuser: fields.staff_role !== null } : fields.is_superuser ? { staff_role: 'owner' } : {};
  return { username: name, email: `${name.toLowerCase()}@example.com`, password_hash: '$argon2id$not-a-real-hash', ...staff, ...fields };
};
const USER_COLUMNS = ['id', 'username', 'email', 'password_hash', 'is_superuser', 'staff_role', 'is_verified'] as const;

export async function aUser(db: Db, fields: Partial<Insertable<Users>> = {}): Promise<UserRow> {
  return insert(db, qb.insertInto('users').values(userValues(fields)).returning(USER_COLUMNS));
}

/** One user per element, in one statement; answered in id order. */
export async function someUsers(db: Db, rows: Partial<Insertable<Users>>[]): Promise<UserRow[]> {
  if (rows.length === 0) return [];
  const users = await rowsOf(db, qb.insertInto('users').values(rows.map(userValues)).returning(USER_COLUMNS));
  return users.sort((a, b) => a.id - b.id);
}

export async function aProfile(db: Db, userId: number, fields: Partial<Insertable<ContestantProfiles>> = {}): Promise<{ id: number }> {
  return insert(
    db,
    qb
      .insertInto('contestant_profiles')
      .values({ user_id: userId, category: 'Scream Queens', ...fields })
      .returning('id'),
  );
}

/** A profile's answer to the question of that key (the migration's four: horror_passion … ideal_horror_role). */
export async function anAnswer(db: Db, profileId: number, key: string, answer: string): Promise<void> {
  await rowsOf(
    db,
    qb
      .insertInto('profile_answers')
      .columns(['profile_id', 'question_id', 'answer'])
      .expression((eb) =>
        eb
          .selectFrom('profile_questions')
          .select((q) => [q.val(profileId).as('profile_id'), 'id', q.val(answer).as('answer')])
          .where('key', '=', key),
      )
      .returning('question_id'),
  );
}

/** A profile for each of these users, in one statement, all with the same fields. */
export async function someProfiles(
  db: Db,
  userIds: number[],
  fields: Partial<Insertable<ContestantProfiles>> = {},
): Promise<{ id: number; user_id: number }[]> {
  if (userIds.length === 0) return [];
  return rowsOf(
    db,
    qb
      .insertInto('contestant_profiles')
      .values(userIds.map((userId) => ({ user_id: userId, category: 'Scream Queens', ...fields })))
      .returning(['id', 'user_id']),
  );
}

/** A contest that started an hour ago, current unless told otherwise. */
export async function aContest(db: Db, fields: Partial<Insertable<Contests>> = {}): Promise<{ id: number }> {
  return insert(
    db,
    qb
      .insertInto('contests')
      .values({ name: `Cup ${tag()}`, description: 'A contest', start_date: new Date(Date.now() - 3_600_000), is_current: true, ...fields })
      .returning('id'),
  );
}

export async function aGroup(db: Db, contestId: number, fields: Partial<Insertable<Groups>> = {}): Promise<{ id: number }> {
  return insert(
    db,
    qb
      .insertInto('groups')
      .values({ contest_id: contestId, group_number: 1, ...fields })
      .returning('id'),
  );
}

/** An entry of an existing contestant (user and profile) in the group of a contest. */
export async function aContestEntry(
  db: Db,
  of: { userId: number; profileId: number; contestId: number; groupId: number },
  fields: Partial<Insertable<ContestEntries>> = {},
): Promise<{ id: number }> {
  return insert(
    db,
    qb
      .insertInto('contest_entries')
      .values({ user_id: of.userId, profile_id: of.profileId, contest_id: of.contestId, group_id: of.groupId, ...fields })
      .returning('id'),
  );
}

/** A contestant (user and profile) entered in the group of a contest. */
export async function anEntry(
  db: Db,
  group: { contestId: number; groupId: number },
  fields: { username?: string; entry?: Partial<Insertable<ContestEntries>> } = {},
): Promise<{ userId: number; username: string; profileId: number; entryId: number }> {
  const user = await aUser(db, fields.username ? { username: fields.username } : {});
  const profile = await aProfile(db, user.id);
  const entry = await aContestEntry(db, { userId: user.id, profileId: profile.id, ...group }, fields.entry);
  return { userId: user.id, username: user.username, profileId: profile.id, entryId: entry.id };
}

/** The columns of an entry that its votes and flags repeat. */
async function entryOf(db: Db, entryId: number): Promise<{ profile_id: number; contest_id: number; group_id: number }> {
  const [entry] = await rowsOf(db, qb.selectFrom('contest_entries').select(['profile_id', 'contest_id', 'group_id']).where('id', '=', entryId));
  if (!entry) throw new Error(`no contest entry ${entryId}`);
  return entry;
}

/**
 * Ledger rows for an entry, one per element, in one statement: by default a free vote of weight 1
 * cast now. Only the ledger is written: the entry's and profile's counters stay as they are.
 */
export async function someVotes(db: Db, entryId: number, rows: Partial<Insertable<Votes>>[]): Promise<{ id: string }[]> {
  if (rows.length === 0) return [];
  const entry = await entryOf(db, entryId);
  return rowsOf(
    db,
    qb
      .insertInto('votes')
      .values(rows.map((fields) => ({ id: randomUUID(), entry_id: entryId, ...entry, kind: 'free', ...fields })))
      .returning('id'),
  );
}

/** One ledger row for an entry (see someVotes). */
export async function aVote(db: Db, entryId: number, fields: Partial<Insertable<Votes>> = {}): Promise<{ id: string }> {
  const [vote] = await someVotes(db, entryId, [fields]);
  return vote!;
}

/** A flag on an entry's votes, raised and last seen now. */
export async function aVoteFlag(db: Db, entryId: number, fields: Partial<Insertable<VoteFlags>> = {}): Promise<void> {
  const { contest_id } = await entryOf(db, entryId);
  const now = new Date();
  await rowsOf(
    db,
    qb
      .insertInto('vote_flags')
      .values({ entry_id: entryId, contest_id, kind: 'network_block', detail: 'a test flag', votes: 1, since: now, last_seen: now, ...fields }),
  );
}

/** A queued job's fields; the payload is the JSON value itself. */
export type JobFields = Partial<Omit<Insertable<Jobs>, 'payload'>> & { name: string; payload?: JsonValue };

/** Queued jobs, one per element, in one statement (the queue sees them all at once); due now unless told. */
export async function someJobs(db: Db, rows: JobFields[]): Promise<{ id: string }[]> {
  if (rows.length === 0) return [];
  return rowsOf(
    db,
    qb
      .insertInto('jobs')
      // Sent as JSON text: the driver would send a JavaScript array as a PostgreSQL array.
      .values(rows.map(({ payload = {}, ...fields }) => ({ ...fields, payload: JSON.stringify(payload) })))
      .returning('id'),
  );
}

/** One queued job (see someJobs). */
export async function aJob(db: Db, fields: JobFields): Promise<{ id: string }> {
  const [job] = await someJobs(db, [fields]);
  return job!;
}

/** A message to the support inbox, new unless told otherwise. */
export async function aSupportMessage(db: Db, fields: Partial<Insertable<SupportMessages>> = {}): Promise<{ id: number }> {
  const key = tag();
  return insert(
    db,
    qb
      .insertInto('support_messages')
      .values({ topic: 'other', name: `Sender ${key}`, email: `sender_${key}@example.com`, message: 'A message for the inbox', ...fields })
      .returning('id'),
  );
}

/** A row of the migration runner's table; its timestamp is an int8, read back as a string. */
export type MigrationRecord = { id: number; timestamp: string; name: string };

/** The migration runner's record that a migration has run (its table is the runner's, not in the generated schema). */
export async function aMigrationRecord(db: Db, record: MigrationRecord): Promise<void> {
  await rowsOf(db, qb.withTables<{ migrations: MigrationRecord }>().insertInto('migrations').values(record));
}

// --- payments ---

/** A checkout of 50 + 5 votes for $50 through TEST MODE (as Stripe), 'created' unless told otherwise. */
export async function aPayment(
  db: Db,
  entry: { profileId: number; entryId: number; contestId: number },
  fields: Partial<Insertable<Payments>> = {},
): Promise<{ id: string }> {
  return insert(
    db,
    qb
      .insertInto('payments')
      .values({
        id: randomUUID(),
        profile_id: entry.profileId,
        entry_id: entry.entryId,
        contest_id: entry.contestId,
        votes: 55,
        base_votes: 50,
        amount_minor: 5000,
        currency: 'USD',
        payer_email: `fan_${tag()}@example.com`,
        provider: 'test',
        method: 'stripe',
        success_url: 'http://localhost:3000/profile/x?payment=success',
        cancel_url: 'http://localhost:3000/profile/x?payment=cancel',
        ...fields,
      })
      .returning('id'),
  );
}

/** A paid row of the vote ledger (a credit, or with a negative weight a refund's reversal) for an entry. */
export async function aPaidVote(
  db: Db,
  entry: { profileId: number; entryId: number; contestId: number; groupId: number },
  fields: Partial<Insertable<Votes>> = {},
): Promise<{ id: string }> {
  return insert(
    db,
    qb
      .insertInto('votes')
      .values({
        id: randomUUID(),
        profile_id: entry.profileId,
        entry_id: entry.entryId,
        contest_id: entry.contestId,
        group_id: entry.groupId,
        kind: 'paid',
        weight: 1,
        ...fields,
      })
      .returning('id'),
  );
}

// --- ops-q ---

/** A round of a contest, the first one, ending in a day, not yet closed unless told otherwise. */
export async function aRound(db: Db, contestId: number, fields: Partial<Insertable<ContestRounds>> = {}): Promise<{ id: number }> {
  return insert(
    db,
    qb
      .insertInto('contest_rounds')
      .values({ contest_id: contestId, name: 'Heats', position: 1, ends_at: new Date(Date.now() + 86_400_000), ...fields })
      .returning('id'),
  );
}

/**
 * A webhook endpoint as stored, bypassing the address checks of registration (an address that is only
 * refused when delivered to); its sealed secret is the caller's (`SecretBox` with the server's key).
 */
export async function aWebhookEndpoint(db: Db, fields: Partial<Insertable<WebhookEndpoints>> = {}): Promise<{ id: number }> {
  return insert(
    db,
    qb
      .insertInto('webhook_endpoints')
      .values({ url: `https://hooks-${tag()}.example/in`, events: ['round.closed'], secret_sealed: 'v1.unsealed', ...fields })
      .returning('id'),
  );
}

/** A delivery to an endpoint, sent and answered unless told otherwise. */
export async function aWebhookDelivery(db: Db, endpointId: number, fields: Partial<Insertable<WebhookDeliveries>> = {}): Promise<{ id: number }> {
  return insert(
    db,
    qb
      .insertInto('webhook_deliveries')
      .values({ endpoint_id: endpointId, event_id: `evt_${tag()}`, event_type: 'round.closed', body: '{}', status: 'succeeded', attempts: 1, ...fields })
      .returning('id'),
  );
}

/** One attempt of a delivery, answered 204 unless told otherwise. */
export async function aWebhookAttempt(db: Db, deliveryId: number, fields: Partial<Insertable<WebhookAttempts>> = {}): Promise<void> {
  await insert(db, qb.insertInto('webhook_attempts').values({ delivery_id: deliveryId, attempt: 1, response_status: 204, latency_ms: 3, ...fields }));
}
