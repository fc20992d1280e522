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
}
