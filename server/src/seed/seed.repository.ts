import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import type { StaffRole } from '#contract/auth/roles.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import { queryBuilder as db } from '#server/infra/database/query-builder.js';
import type { ContestantProfiles, DB, Users } from '#server/infra/database/schema.js';

// Several api replicas may start at once on a fresh database (scaled mode): seeding and admin
// promotion run in a transaction holding this advisory lock, so exactly one replica does each.
const SEED_LOCK_KEY = 727275; // migrations use 727274

/** An account as the seed reads it back. */
export interface SeedUser {
  id: number;
  username: string;
  email: string;
  is_superuser: boolean;
  /** The column's CHECK allows these roles alone, or null (not staff). */
  staff_role: StaffRole | null;
  is_verified: boolean;
}

const USER_COLUMNS = [
  'id',
  'username',
  'email',
  'is_superuser',
  (eb: ExpressionBuilder<DB, 'users'>) => eb.ref('staff_role').$castTo<StaffRole | null>().as('staff_role'),
  'is_verified',
] as const;

export type DemoProfileValues = Pick<Insertable<ContestantProfiles>, 'user_id' | 'category' | 'biography' | 'pictures_urls' | 'total_votes' | 'profile_views'>;

/** A demo profile as the later steps need it. */
export interface SeedProfile {
  id: number;
  total_votes: number;
}

/**
 * The seed's own statements (the administrator from SEED_ADMIN_* or create-admin, the demo
 * accounts): rows written as given, which the users module's calls (registration) do not offer.
 * Like every repository it runs in the open transaction (Transactions.run in admin.ts, demo-seed.ts).
 */
export class SeedRepository extends BaseRepository {
  /** Held until the open transaction ends. */
  @GenerateSql()
  async lock(): Promise<void> {
    await this.run(db.selectNoFrom(sql`pg_advisory_xact_lock(${SEED_LOCK_KEY})`.as('locked')));
  }

  @GenerateSql()
  async hasUsers(): Promise<boolean> {
    return (await this.first(db.selectFrom('users').select('id').limit(1))) !== undefined;
  }

  /** Accounts with that e-mail or that username, in any letter case. */
  @GenerateSql({ params: ['admin', 'admin@example.com'] })
  usersMatching(username: string, email: string): Promise<SeedUser[]> {
    return this.rows(
      db
        .selectFrom('users')
        .select(USER_COLUMNS)
        .where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)])),
            eb(eb.fn('lower', ['username']), '=', eb.fn('lower', [eb.val(username)])),
          ]),
        ),
    );
  }

  @GenerateSql({
    params: [
      { username: 'admin', email: 'admin@example.com', password_hash: '$argon2id$not-a-real-hash', is_superuser: true, staff_role: 'owner', is_verified: true },
    ],
  })
  async insertUser(values: Insertable<Users>): Promise<SeedUser> {
    const user = await this.first(db.insertInto('users').values(values).returning(USER_COLUMNS));
    if (!user) throw new Error(`The account ${values.username} was not stored`);
    return user;
  }

  @GenerateSql({ params: [1, { is_superuser: true, staff_role: 'owner', is_verified: true }] })
  async updateUser(id: number, changes: Updateable<Users>): Promise<void> {
    await this.run(db.updateTable('users').set(changes).where('id', '=', id));
  }

  /**
   * Locks every owner's row, lowest id first, and answers their ids, as the staff page's role changes do:
   * a role change here and one there run one after the other, and neither takes the last owner's role away.
   */
  @GenerateSql()
  async lockOwnerIds(): Promise<number[]> {
    const rows = await this.rows(db.selectFrom('users').select('id').where('staff_role', '=', 'owner').orderBy('id').forUpdate());
    return rows.map((r) => r.id);
  }

  @GenerateSql({
    params: [
      {
        user_id: 1,
        category: 'Scream Queens',
        biography: 'Born on Halloween.',
        pictures_urls: ['/uploads/a.jpg'],
        total_votes: 120,
        profile_views: 900,
      },
    ],
  })
  async insertProfile(values: DemoProfileValues): Promise<SeedProfile> {
    const profile = await this.first(db.insertInto('contestant_profiles').values(values).returning(['id', 'total_votes']));
    if (!profile) throw new Error(`The profile of user ${values.user_id} was not stored`);
    return profile;
  }

  /** The profile's answers to the questions of these keys (a key no question has is skipped). */
  @GenerateSql({ params: [1, { horror_passion: 'Slashers', ideal_horror_role: 'The final girl' }] })
  async insertAnswers(profileId: number, answers: Record<string, string>): Promise<void> {
    const keys = Object.keys(answers);
    if (!keys.length) return;
    const questions = await this.rows(db.selectFrom('profile_questions').select(['id', 'key']).where('key', 'in', keys));
    if (!questions.length) return;
    await this.run(db.insertInto('profile_answers').values(questions.map((q) => ({ profile_id: profileId, question_id: q.id, answer: answers[q.key] }))));
  }

  /**
   * `count` free votes for the entry in the ledger, cast between `from` and `to`: more of them as
   * the contest goes on (the i-th of n at (i / n)^0.6 of the span), each moved back by up to 3 hours
   * by a fixed pattern so they do not fall evenly, the same from one seed to the next. No voter is
   * behind them: their voter and network hashes are empty. The counters are the seed's to set.
   */
  @GenerateSql({ params: [{ id: 1, profileId: 1, contestId: 1, groupId: 1 }, 40, new Date('2026-11-01T00:00:00Z'), new Date('2026-11-28T23:00:00Z')] })
  async insertDemoVotes(entry: { id: number; profileId: number; contestId: number; groupId: number }, count: number, from: Date, to: Date): Promise<void> {
    const start = sql<Date>`${from}::timestamptz`;
    const moments = db
      .selectFrom(sql<{ i: number }>`generate_series(1, ${count}::int)`.as<'g'>(sql`g(i)`))
      .select(['g.i', sql<Date>`${start} + (${to}::timestamptz - ${start}) * power(g.i::float / (${count}::int + 1), 0.6)`.as('t')])
      .as('s');
    await this.run(
      db
        .insertInto('votes')
        .columns(['id', 'profile_id', 'entry_id', 'contest_id', 'group_id', 'kind', 'weight', 'created_at'])
        .expression(
          db
            .selectFrom(moments)
            .select([
              sql<string>`gen_random_uuid()`.as('id'),
              sql<number>`${entry.profileId}::int`.as('profile_id'),
              sql<number>`${entry.id}::int`.as('entry_id'),
              sql<number>`${entry.contestId}::int`.as('contest_id'),
              sql<number>`${entry.groupId}::int`.as('group_id'),
              sql<string>`'free'`.as('kind'),
              sql<number>`1`.as('weight'),
              sql<Date>`greatest(${start}, s.t - make_interval(secs => 108 * ((s.i * 7919) % 100)))`.as('created_at'),
            ]),
        ),
    );
  }
}
