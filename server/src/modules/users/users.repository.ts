import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { AuthUserLookup } from '#server/common/auth/auth-user-lookup.js';
import { ContestantProfileEntity } from './entities/contestant-profile.entity.js';
import { UserEntity } from './entities/user.entity.js';

export interface NewContestant {
  username: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  instagram: string | null;
  tiktok: string | null;
  category: string;
  biography: string;
  picturesUrls: string[];
}

/** What deleting a user needs, read under the user's row lock. */
export interface DeletionTarget {
  id: number;
  isSuperuser: boolean;
  /** The profile's stored pictures, removed after the deletion commits. */
  picturesUrls: string[];
}

/** Which unique index a duplicate hit (the indexes of migration 1767000000000). */
export type TakenField = 'username' | 'email';

/** Every read and write of users; usernames and e-mails compare regardless of letter case. */
@Injectable()
export class UsersRepository extends AuthUserLookup {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {
    super();
  }

  findByUsername(username: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').where('lower(u.username) = lower(:username)', { username }).getOne();
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  /** Sign-in by username or e-mail; a username match wins should one account's username be another's e-mail. */
  findByLogin(identifier: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:identifier) OR lower(u.email) = lower(:identifier)', { identifier })
      .orderBy('(lower(u.username) = lower(:identifier))', 'DESC')
      .limit(1)
      .getOne();
  }

  findById(id: number): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  findWithProfile(id: number): Promise<UserEntity | null> {
    return this.users.findOne({ where: { id }, relations: { profile: true } });
  }

  /** A public profile's owner by username, in any letter case. */
  findWithProfileByUsername(username: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').leftJoinAndSelect('u.profile', 'profile').where('lower(u.username) = lower(:username)', { username }).getOne();
  }

  /** The first of username, e-mail that another account already holds, or null. */
  async findTaken(username: string, email: string, em?: EntityManager): Promise<TakenField | null> {
    const rows: { username_taken: boolean; email_taken: boolean }[] = await (em ?? this.users.manager).query(
      `SELECT bool_or(lower(username) = lower($1)) AS username_taken, bool_or(lower(email) = lower($2)) AS email_taken
       FROM users WHERE lower(username) = lower($1) OR lower(email) = lower($2)`,
      [username, email],
    );
    if (rows[0]?.username_taken) return 'username';
    if (rows[0]?.email_taken) return 'email';
    return null;
  }

  /**
   * User and profile, inside the caller's transaction. Answers null when the username or e-mail
   * was taken meanwhile: ON CONFLICT DO NOTHING waits for the other registration and then skips,
   * so a lost race is a normal answer rather than a failed (and logged) statement.
   */
  async insertContestant(em: EntityManager, c: NewContestant): Promise<UserEntity | null> {
    const inserted = await em
      .createQueryBuilder()
      .insert()
      .into(UserEntity)
      .values({
        username: c.username,
        email: c.email,
        passwordHash: c.passwordHash,
        firstName: c.firstName,
        lastName: c.lastName,
        phoneNumber: c.phoneNumber,
        instagram: c.instagram,
        tiktok: c.tiktok,
        isCompetitor: true,
        isVerified: false,
        isSuperuser: false,
      })
      .orIgnore()
      .returning('id')
      .execute();
    const id = (inserted.raw as { id: number }[])[0]?.id;
    if (id === undefined) return null;
    const user = await em.getRepository(UserEntity).findOneByOrFail({ id });
    user.profile = await em.getRepository(ContestantProfileEntity).save(
      em.getRepository(ContestantProfileEntity).create({
        userId: user.id,
        category: c.category,
        biography: c.biography,
        picturesUrls: c.picturesUrls,
      }),
    );
    return user;
  }

  async markVerified(em: EntityManager, userId: number): Promise<void> {
    await em.getRepository(UserEntity).update({ id: userId }, { isVerified: true });
  }

  async setPasswordHash(em: EntityManager, userId: number, passwordHash: string): Promise<void> {
    await em.getRepository(UserEntity).update({ id: userId }, { passwordHash });
  }

  /**
   * Locks every superuser row, lowest id first: two admins deleting each other at once run one
   * after the other, and the second sees that only one superuser is left.
   */
  async lockSuperuserIds(em: EntityManager): Promise<number[]> {
    const rows: { id: number }[] = await em.query('SELECT id FROM users WHERE is_superuser ORDER BY id FOR UPDATE');
    return rows.map((r) => r.id);
  }

  async lockForDeletion(em: EntityManager, id: number): Promise<DeletionTarget | null> {
    const rows: { id: number; is_superuser: boolean; pictures_urls: string[] | null }[] = await em.query(
      `SELECT u.id, u.is_superuser, p.pictures_urls FROM users u LEFT JOIN contestant_profiles p ON p.user_id = u.id
       WHERE u.id = $1 FOR UPDATE OF u`,
      [id],
    );
    const row = rows[0];
    return row ? { id: row.id, isSuperuser: row.is_superuser, picturesUrls: row.pictures_urls ?? [] } : null;
  }

  /** The profile, contest entries and e-mail tokens go with the user (ON DELETE CASCADE). */
  async delete(em: EntityManager, id: number): Promise<void> {
    await em.getRepository(UserEntity).delete({ id });
  }
}
