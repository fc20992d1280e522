// Test rows built in one place: each factory inserts one row with sensible defaults that a test
// overrides where it matters, through the app's query builder (so a renamed column breaks the build,
// not a test at run time). Use these instead of writing INSERT statements in specs.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type pg from 'pg';
import { queryBuilder as qb } from '#server/infra/database/query-builder.js';
import type { ContestEntries, ContestRounds, Contests, ContestantProfiles, Groups, Users, Votes } from '#server/infra/database/schema.js';

type Db = { pool: pg.Pool };

async function insert<T>(db: Db, query: { compile(): { sql: string; parameters: readonly unknown[] } }): Promise<T> {
  const { sql, parameters } = query.compile();
  const { rows } = await db.pool.query(sql, [...parameters]);
  return rows[0] as T;
}

const tag = () => randomBytes(4).toString('hex');

export async function aUser(db: Db, fields: Partial<Insertable<Users>> = {}): Promise<{ id: number; username: string }> {
  const name = fields.username ?? `user_${tag()}`;
  return insert(
    db,
    qb
      .insertInto('users')
      .values({ username: name, email: `${name.toLowerCase()}@example.com`, password_hash: '$argon2id$not-a-real-hash', ...fields })
      .returning(['id', 'username']),
  );
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

/** A contestant (user and profile) entered in the group of a contest. */
export async function anEntry(
  db: Db,
  group: { contestId: number; groupId: number },
  fields: { username?: string; entry?: Partial<Insertable<ContestEntries>> } = {},
): Promise<{ userId: number; username: string; profileId: number; entryId: number }> {
  const user = await aUser(db, fields.username ? { username: fields.username } : {});
  const profile = await aProfile(db, user.id);
  const entry = await insert<{ id: number }>(
    db,
    qb
      .insertInto('contest_entries')
      .values({ user_id: user.id, profile_id: profile.id, contest_id: group.contestId, group_id: group.groupId, ...fields.entry })
      .returning('id'),
  );
  return { userId: user.id, username: user.username, profileId: profile.id, entryId: entry.id };
}

// --- contests-q ---

/** A ledger row for the entry: one free vote cast now unless told otherwise (a paid row may weigh more). */
export async function aVote(
  db: Db,
  entry: { entryId: number; profileId: number; contestId: number; groupId: number },
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
        kind: 'free',
        ...fields,
      })
      .returning('id'),
  );
}

/** A round of the contest, ending in a day unless told otherwise. */
export async function aRound(db: Db, contestId: number, fields: Partial<Insertable<ContestRounds>> = {}): Promise<{ id: number }> {
  return insert(
    db,
    qb
      .insertInto('contest_rounds')
      .values({ contest_id: contestId, position: 1, name: 'Round', ends_at: new Date(Date.now() + 86_400_000), ...fields })
      .returning('id'),
  );
}
