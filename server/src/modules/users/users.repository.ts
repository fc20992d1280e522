import { Injectable } from '@nestjs/common';
import type { ProfileBasics } from '#contract/profiles/requests.js';
import type { ProfileBasicsResponse } from '#contract/profiles/answers.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { ContestantProfileEntity } from './entities/contestant-profile.entity.js';
import { UserEntity } from './entities/user.entity.js';
import type { DeletionTarget, NewContestant, TakenField } from './users.types.js';

/** The profile basics' columns, named as the API names them. */
const BASICS_COLUMNS = 'category, horror_passion, character_qualities, dreams_and_goals, ideal_horror_role';

/** Every read and write of users; usernames and e-mails compare regardless of letter case. */
@Injectable()
export class UsersRepository extends BaseRepository {
  findByUsername(username: string): Promise<UserEntity | null> {
    return this.repo(UserEntity).createQueryBuilder('u').where('lower(u.username) = lower(:username)', { username }).getOne();
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.repo(UserEntity).createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  /** Sign-in by username or e-mail; a username match wins should one account's username be another's e-mail. */
  findByLogin(identifier: string): Promise<UserEntity | null> {
    return this.repo(UserEntity)
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:identifier) OR lower(u.email) = lower(:identifier)', { identifier })
      .orderBy('(lower(u.username) = lower(:identifier))', 'DESC')
      .limit(1)
      .getOne();
  }

  findById(id: number): Promise<UserEntity | null> {
    return this.repo(UserEntity).findOneBy({ id });
  }

  findWithProfile(id: number): Promise<UserEntity | null> {
    return this.repo(UserEntity).findOne({ where: { id }, relations: { profile: true } });
  }

  /** A profile's owner by the profile's id (the vote page). */
  findWithProfileByProfileId(profileId: number): Promise<UserEntity | null> {
    return this.repo(UserEntity).findOne({ where: { profile: { id: profileId } }, relations: { profile: true } });
  }

  /** A public profile's owner by username, in any letter case. */
  findWithProfileByUsername(username: string): Promise<UserEntity | null> {
    return this.repo(UserEntity)
      .createQueryBuilder('u')
      .leftJoinAndSelect('u.profile', 'profile')
      .where('lower(u.username) = lower(:username)', { username })
      .getOne();
  }

  /** The category and four answers of a user's contestant profile; null when the user has none. */
  async findProfileBasics(userId: number): Promise<ProfileBasicsResponse | null> {
    const rows: ProfileBasicsResponse[] = await this.em.query(`SELECT ${BASICS_COLUMNS} FROM contestant_profiles WHERE user_id = $1`, [userId]);
    return rows[0] ?? null;
  }

  /** Writes them in one statement and answers them as stored; null when the user has no profile. */
  async updateProfileBasics(userId: number, basics: ProfileBasics): Promise<ProfileBasicsResponse | null> {
    // Inside WITH, TypeORM answers the rows (a bare UPDATE … RETURNING comes back as [rows, count]).
    const rows: ProfileBasicsResponse[] = await this.em.query(
      `WITH u AS (UPDATE contestant_profiles
                  SET category = $2, horror_passion = $3, character_qualities = $4, dreams_and_goals = $5, ideal_horror_role = $6,
                      updated_at = now()
                  WHERE user_id = $1 RETURNING ${BASICS_COLUMNS})
       SELECT * FROM u`,
      [userId, basics.category, basics.horror_passion, basics.character_qualities, basics.dreams_and_goals, basics.ideal_horror_role],
    );
    return rows[0] ?? null;
  }

  /**
   * A contestant profile made from its basics for a user who has none; a profile made meanwhile by a
   * simultaneous save is updated instead (one profile per user).
   */
  async createProfileBasics(userId: number, basics: ProfileBasics): Promise<ProfileBasicsResponse> {
    const rows: ProfileBasicsResponse[] = await this.em.query(
      `INSERT INTO contestant_profiles (user_id, category, horror_passion, character_qualities, dreams_and_goals, ideal_horror_role)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE
         SET category = EXCLUDED.category, horror_passion = EXCLUDED.horror_passion, character_qualities = EXCLUDED.character_qualities,
             dreams_and_goals = EXCLUDED.dreams_and_goals, ideal_horror_role = EXCLUDED.ideal_horror_role, updated_at = now()
       RETURNING ${BASICS_COLUMNS}`,
      [userId, basics.category, basics.horror_passion, basics.character_qualities, basics.dreams_and_goals, basics.ideal_horror_role],
    );
    return rows[0];
  }

  /** The account is a contestant (it has a contestant profile). */
  async markCompetitor(userId: number): Promise<void> {
    await this.em.query('UPDATE users SET is_competitor = true WHERE id = $1', [userId]);
  }

  /** The first of username, e-mail that another account already holds, or null. */
  async findTaken(username: string, email: string): Promise<TakenField | null> {
    const rows: { username_taken: boolean; email_taken: boolean }[] = await this.em.query(
      `SELECT bool_or(lower(username) = lower($1)) AS username_taken, bool_or(lower(email) = lower($2)) AS email_taken
       FROM users WHERE lower(username) = lower($1) OR lower(email) = lower($2)`,
      [username, email],
    );
    if (rows[0]?.username_taken) return 'username';
    if (rows[0]?.email_taken) return 'email';
    return null;
  }

  /**
   * User and profile (in the caller's transaction: the service method is transactional). Answers null when the username or e-mail
   * was taken meanwhile: ON CONFLICT DO NOTHING waits for the other registration and then skips,
   * so a lost race is a normal answer rather than a failed (and logged) statement.
   */
  async insertContestant(c: NewContestant): Promise<UserEntity | null> {
    const inserted = await this.em
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
    const user = await this.repo(UserEntity).findOneByOrFail({ id });
    user.profile = await this.repo(ContestantProfileEntity).save(
      this.repo(ContestantProfileEntity).create({
        userId: user.id,
        category: c.category,
        biography: c.biography,
        picturesUrls: c.picturesUrls,
      }),
    );
    return user;
  }

  async markVerified(userId: number): Promise<void> {
    await this.repo(UserEntity).update({ id: userId }, { isVerified: true });
  }

  async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
    await this.repo(UserEntity).update({ id: userId }, { passwordHash });
  }

  /**
   * Locks every superuser row, lowest id first: two admins deleting each other at once run one
   * after the other, and the second sees that only one superuser is left.
   */
  async lockSuperuserIds(): Promise<number[]> {
    const rows: { id: number }[] = await this.em.query('SELECT id FROM users WHERE is_superuser ORDER BY id FOR UPDATE');
    return rows.map((r) => r.id);
  }

  async lockForDeletion(id: number): Promise<DeletionTarget | null> {
    const rows: { id: number; username: string; is_superuser: boolean; is_competitor: boolean; pictures_urls: string[] | null }[] = await this.em.query(
      `SELECT u.id, u.username, u.is_superuser, u.is_competitor, p.pictures_urls FROM users u LEFT JOIN contestant_profiles p ON p.user_id = u.id
       WHERE u.id = $1 FOR UPDATE OF u`,
      [id],
    );
    const row = rows[0];
    return row
      ? { id: row.id, username: row.username, isSuperuser: row.is_superuser, isCompetitor: row.is_competitor, picturesUrls: row.pictures_urls ?? [] }
      : null;
  }

  /** The profile, contest entries and e-mail tokens go with the user (ON DELETE CASCADE). */
  async delete(id: number): Promise<void> {
    await this.repo(UserEntity).delete({ id });
  }
}
