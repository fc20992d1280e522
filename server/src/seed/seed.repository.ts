import { BaseRepository } from '#server/infra/database/base.repository.js';
import { ContestantProfileEntity } from '#server/modules/users/entities/contestant-profile.entity.js';
import { UserEntity } from '#server/modules/users/entities/user.entity.js';

// Several api replicas may start at once on a fresh database (scaled mode): seeding and admin
// promotion run in a transaction holding this advisory lock, so exactly one replica does each.
const SEED_LOCK_KEY = 727275; // migrations use 727274

export type DemoProfileValues = Pick<
  ContestantProfileEntity,
  | 'userId'
  | 'category'
  | 'biography'
  | 'picturesUrls'
  | 'horrorPassion'
  | 'characterQualities'
  | 'dreamsAndGoals'
  | 'idealHorrorRole'
  | 'totalVotes'
  | 'profileViews'
>;

/**
 * The seed's own statements (the administrator from SEED_ADMIN_* or create-admin, the demo
 * accounts): rows written as given, which the users module's calls (registration) do not offer.
 * Like every repository it runs in the open transaction (Transactions.run in admin.ts, demo-seed.ts).
 */
export class SeedRepository extends BaseRepository {
  /** Held until the open transaction ends. */
  async lock(): Promise<void> {
    await this.em.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
  }

  hasUsers(): Promise<boolean> {
    return this.repo(UserEntity).exists();
  }

  /** Accounts with that e-mail or that username, in any letter case. */
  usersMatching(username: string, email: string): Promise<UserEntity[]> {
    return this.repo(UserEntity)
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email })
      .orWhere('lower(u.username) = lower(:username)', { username })
      .getMany();
  }

  insertUser(values: Partial<UserEntity>): Promise<UserEntity> {
    const repo = this.repo(UserEntity);
    return repo.save(repo.create(values));
  }

  async updateUser(id: number, changes: Partial<UserEntity>): Promise<void> {
    await this.repo(UserEntity).update({ id }, changes);
  }

  insertProfile(values: DemoProfileValues): Promise<ContestantProfileEntity> {
    const repo = this.repo(ContestantProfileEntity);
    return repo.save(repo.create(values));
  }

  /**
   * `count` free votes for the entry in the ledger, cast between `from` and `to`: more of them as
   * the contest goes on (the i-th of n at (i / n)^0.6 of the span), each moved back by up to 3 hours
   * by a fixed pattern so they do not fall evenly, the same from one seed to the next. No voter is
   * behind them: their voter and network hashes are empty. The counters are the seed's to set.
   */
  async insertDemoVotes(entry: { id: number; profileId: number; contestId: number; groupId: number }, count: number, from: Date, to: Date): Promise<void> {
    await this.em.query(
      `INSERT INTO votes (id, profile_id, entry_id, contest_id, group_id, kind, weight, created_at)
       SELECT gen_random_uuid(), $1, $2, $3, $4, 'free', 1, greatest($5::timestamptz, t - make_interval(secs => 108 * ((i * 7919) % 100)))
       FROM (SELECT i, $5::timestamptz + ($6::timestamptz - $5::timestamptz) * power(i::float / ($7 + 1), 0.6) AS t
             FROM generate_series(1, $7::int) AS i) s`,
      [entry.profileId, entry.id, entry.contestId, entry.groupId, from, to, count],
    );
  }
}
