import { Injectable } from '@nestjs/common';
import { sql, type ExpressionBuilder, type InferResult } from 'kysely';
import { STAFF_ROLES, type StaffRole } from '#contract/auth/roles.js';
import type { Locale } from '#contract/site/constants.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import { queryBuilder as db } from '#server/infra/database/query-builder.js';
import type { DB } from '#server/infra/database/schema.js';
import type { UserEntity } from './entities/user.entity.js';
import type { DeletionTarget, NewContestant, NewFan, ProfileBasicsRow, StaffCandidate, StaffMemberRow, TakenField } from './users.types.js';

/** The staff role column, typed as the roles it may hold (the column's CHECK allows those alone, or null). */
const staffRole = (eb: ExpressionBuilder<DB, 'users'>) => eb.ref('users.staff_role').$castTo<StaffRole | null>();

/** A user's columns, named as UserEntity names them. */
const USER = [
  'users.id',
  'users.username',
  'users.email',
  'users.password_hash as passwordHash',
  'users.password_set as passwordSet',
  'users.first_name as firstName',
  'users.last_name as lastName',
  'users.phone_number as phoneNumber',
  'users.instagram',
  'users.tiktok',
  'users.is_superuser as isSuperuser',
  (eb: ExpressionBuilder<DB, 'users'>) => staffRole(eb).as('staffRole'),
  'users.is_competitor as isCompetitor',
  'users.is_verified as isVerified',
  'users.two_factor_enabled_at as twoFactorEnabledAt',
  (eb: ExpressionBuilder<DB, 'users'>) => eb.ref('users.locale').$castTo<Locale>().as('locale'),
  'users.deletion_due_at as deletionDueAt',
  'users.created_at as createdAt',
  'users.updated_at as updatedAt',
] as const;

/** A staff member's columns, named as the staff list answers them. */
const STAFF_MEMBER = [
  'users.id',
  'users.username',
  'users.email',
  'users.first_name',
  'users.last_name',
  (eb: ExpressionBuilder<DB, 'users'>) => staffRole(eb).as('staff_role'),
  'users.two_factor_enabled_at',
  'users.last_login_at',
] as const;

/** The staff list's order: the roles' own (owners, organizers, moderators). */
const ROLE_ORDER = sql<number>`array_position(${[...STAFF_ROLES]}::text[], users.staff_role)`;

/** The profile's columns beside the user's, prefixed so that none collides with a user column. */
const PROFILE = [
  'p.id as profile_id',
  'p.user_id as profile_userId',
  'p.category as profile_category',
  'p.biography as profile_biography',
  'p.pictures_urls as profile_picturesUrls',
  'p.total_votes as profile_totalVotes',
  'p.paid_votes as profile_paidVotes',
  'p.profile_views as profile_profileViews',
  'p.created_at as profile_createdAt',
  'p.updated_at as profile_updatedAt',
] as const;

/** A profile's id and category, as the basics' calls read and write them. */
const BASICS = ['id as profileId', 'category'] as const;

/** Usernames and e-mails compare regardless of letter case. */
const sameText = (column: 'users.username' | 'users.email', value: string) => (eb: ExpressionBuilder<DB, 'users'>) =>
  eb(eb.fn('lower', [column]), '=', eb.fn('lower', [eb.val(value)]));

const users = () => db.selectFrom('users').select(USER);

/** A user with the contestant profile, when the user has one. */
const usersWithProfile = () =>
  db
    .selectFrom('users')
    .leftJoin('contestant_profiles as p', 'p.user_id', 'users.id')
    .select([...USER, ...PROFILE]);

type UserWithProfileRow = InferResult<ReturnType<typeof usersWithProfile>>[number];

/** The user, with the left-joined profile or null when the user has none. */
function toUserWithProfile(row: UserWithProfileRow): UserEntity {
  const {
    profile_id: id,
    profile_userId: userId,
    profile_category: category,
    profile_biography: biography,
    profile_picturesUrls: picturesUrls,
    profile_totalVotes: totalVotes,
    profile_paidVotes: paidVotes,
    profile_profileViews: profileViews,
    profile_createdAt: createdAt,
    profile_updatedAt: updatedAt,
    ...user
  } = row;
  // A profile's columns are never null in the table, so they are all present whenever its id is.
  const profile =
    id === null
      ? null
      : {
          id,
          userId: userId!,
          category: category!,
          biography: biography!,
          picturesUrls: picturesUrls!,
          totalVotes: totalVotes!,
          paidVotes: paidVotes!,
          profileViews: profileViews!,
          createdAt: createdAt!,
          updatedAt: updatedAt!,
        };
  return { ...user, profile };
}

const SAMPLE_CONTESTANT: NewContestant = {
  username: 'scream_queen',
  email: 'scream.queen@example.com',
  passwordHash: '$argon2id$not-a-real-hash',
  firstName: 'Ada',
  lastName: 'Shriek',
  phoneNumber: '5551234567',
  instagram: null,
  tiktok: 'https://www.tiktok.com/@scream_queen',
  category: 'Scream Queens',
  biography: 'Screams.',
  picturesUrls: ['/uploads/profiles/a.png'],
  answers: [],
  locale: 'en',
};

/** Every read and write of users; usernames and e-mails compare regardless of letter case. */
@Injectable()
export class UsersRepository extends BaseRepository {
  @GenerateSql({ params: ['scream_queen'] })
  async findByUsername(username: string): Promise<UserEntity | null> {
    return (await this.first(users().where(sameText('users.username', username)))) ?? null;
  }

  @GenerateSql({ params: ['scream.queen@example.com'] })
  async findByEmail(email: string): Promise<UserEntity | null> {
    return (await this.first(users().where(sameText('users.email', email)))) ?? null;
  }

  /** Sign-in by username or e-mail; a username match wins should one account's username be another's e-mail. */
  @GenerateSql({ name: 'username', params: ['scream_queen'] }, { name: 'email', params: ['scream.queen@example.com'] })
  async findByLogin(identifier: string): Promise<UserEntity | null> {
    const byUsername = sameText('users.username', identifier);
    const row = await this.first(
      users()
        .where((eb) => eb.or([byUsername(eb), sameText('users.email', identifier)(eb)]))
        .orderBy((eb) => byUsername(eb), 'desc')
        .limit(1),
    );
    return row ?? null;
  }

  @GenerateSql({ params: [1] })
  async findById(id: number): Promise<UserEntity | null> {
    return (await this.first(users().where('users.id', '=', id))) ?? null;
  }

  @GenerateSql({ params: [1] })
  async findWithProfile(id: number): Promise<UserEntity | null> {
    const row = await this.first(usersWithProfile().where('users.id', '=', id));
    return row ? toUserWithProfile(row) : null;
  }

  /** A profile's owner by the profile's id (the vote page). */
  @GenerateSql({ params: [1] })
  async findWithProfileByProfileId(profileId: number): Promise<UserEntity | null> {
    const row = await this.first(usersWithProfile().where('p.id', '=', profileId));
    return row ? toUserWithProfile(row) : null;
  }

  /** A public profile's owner by username, in any letter case. */
  @GenerateSql({ params: ['Scream_Queen'] })
  async findWithProfileByUsername(username: string): Promise<UserEntity | null> {
    const row = await this.first(usersWithProfile().where(sameText('users.username', username)));
    return row ? toUserWithProfile(row) : null;
  }

  /** The id and category of a user's contestant profile; null when the user has none. */
  @GenerateSql({ params: [1] })
  async findProfileBasics(userId: number): Promise<ProfileBasicsRow | null> {
    return (await this.first(db.selectFrom('contestant_profiles').select(BASICS).where('user_id', '=', userId))) ?? null;
  }

  /** Sets the profile's category, its row locked until the transaction ends; null when the user has no profile. */
  @GenerateSql({ params: [1, 'Scream Queens'] })
  async updateCategory(userId: number, category: string): Promise<ProfileBasicsRow | null> {
    const row = await this.first(
      db
        .updateTable('contestant_profiles')
        .set({ category, updated_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .returning(BASICS),
    );
    return row ?? null;
  }

  /**
   * A contestant profile made from its category for a user who has none; a profile made meanwhile by a
   * simultaneous save is updated instead (one profile per user).
   */
  @GenerateSql({ params: [1, 'Scream Queens'] })
  async createProfile(userId: number, category: string): Promise<ProfileBasicsRow> {
    const row = await this.first(
      db
        .insertInto('contestant_profiles')
        .values({ user_id: userId, category })
        .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ category: eb.ref('excluded.category'), updated_at: sql<Date>`now()` })))
        .returning(BASICS),
    );
    // INSERT … ON CONFLICT DO UPDATE answers the row it inserted or updated.
    return row!;
  }

  /** The account is a contestant (it has a contestant profile). */
  @GenerateSql({ params: [1] })
  async markCompetitor(userId: number): Promise<void> {
    await this.run(db.updateTable('users').set({ is_competitor: true }).where('id', '=', userId));
  }

  /** The first of username, e-mail that another account already holds, or null. */
  @GenerateSql({ params: ['scream_queen', 'scream.queen@example.com'] })
  async findTaken(username: string, email: string): Promise<TakenField | null> {
    const byUsername = sameText('users.username', username);
    const byEmail = sameText('users.email', email);
    const taken = await this.first(
      db
        .selectFrom('users')
        .select((eb) => [
          eb.fn.agg<boolean | null>('bool_or', [byUsername(eb)]).as('username_taken'),
          eb.fn.agg<boolean | null>('bool_or', [byEmail(eb)]).as('email_taken'),
        ])
        .where((eb) => eb.or([byUsername(eb), byEmail(eb)])),
    );
    if (taken?.username_taken) return 'username';
    if (taken?.email_taken) return 'email';
    return null;
  }

  /**
   * User and profile (in the caller's transaction: the service method is transactional). Answers null when the username or e-mail
   * was taken meanwhile: ON CONFLICT DO NOTHING waits for the other registration and then skips,
   * so a lost race is a normal answer rather than a failed (and logged) statement.
   */
  @GenerateSql({ params: [SAMPLE_CONTESTANT] })
  async insertContestant(c: NewContestant): Promise<UserEntity | null> {
    const inserted = await this.first(
      db
        .insertInto('users')
        .values({
          username: c.username,
          email: c.email,
          password_hash: c.passwordHash,
          first_name: c.firstName,
          last_name: c.lastName,
          phone_number: c.phoneNumber,
          instagram: c.instagram,
          tiktok: c.tiktok,
          is_competitor: true,
          is_verified: false,
          is_superuser: false,
          locale: c.locale,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id'),
    );
    if (!inserted) return null;
    await this.run(
      db.insertInto('contestant_profiles').values({ user_id: inserted.id, category: c.category, biography: c.biography, pictures_urls: c.picturesUrls }),
    );
    return this.findWithProfile(inserted.id);
  }

  /**
   * A fan's account made by a provider's sign-in: its e-mail verified by the provider, no password of its
   * own (`passwordHash` is of a random secret nobody knows). null when the username or e-mail was taken
   * meanwhile (ON CONFLICT DO NOTHING, as a registration).
   */
  @GenerateSql({ params: [{ username: 'fan_1a2b3c', email: 'fan@example.com', passwordHash: '$argon2id$not-a-real-hash', locale: 'en' }] })
  async insertFan(fan: NewFan): Promise<UserEntity | null> {
    const inserted = await this.first(
      db
        .insertInto('users')
        .values({
          username: fan.username,
          email: fan.email,
          password_hash: fan.passwordHash,
          password_set: false,
          is_competitor: false,
          is_verified: true,
          is_superuser: false,
          locale: fan.locale,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id'),
    );
    return inserted ? this.findById(inserted.id) : null;
  }

  @GenerateSql({ params: [1] })
  async markVerified(userId: number): Promise<void> {
    await this.run(
      db
        .updateTable('users')
        .set({ is_verified: true, updated_at: sql<Date>`now()` })
        .where('id', '=', userId),
    );
  }

  @GenerateSql({ params: [1, '$argon2id$not-a-real-hash'] })
  async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
    await this.run(
      db
        .updateTable('users')
        .set({ password_hash: passwordHash, password_set: true, updated_at: sql<Date>`now()` })
        .where('id', '=', userId),
    );
  }

  /**
   * The account finished a sign-in now (its tokens are issued), in `locale`, which its e-mails follow from
   * now on; a sign-in is not an edit, so updated_at stays.
   */
  @GenerateSql({ params: [1, 'pt-BR'] })
  async recordSignIn(userId: number, locale: Locale): Promise<void> {
    await this.run(
      db
        .updateTable('users')
        .set({ last_login_at: sql<Date>`now()`, locale })
        .where('id', '=', userId),
    );
  }

  /** The language the account's e-mails are written in from now on. */
  @GenerateSql({ params: [1, 'pt-BR'] })
  async setLocale(userId: number, locale: Locale): Promise<void> {
    await this.run(db.updateTable('users').set({ locale }).where('id', '=', userId));
  }

  /**
   * Locks every owner's row, lowest id first, and answers their ids. Whatever may take the last owner away
   * (a deletion, a role change) takes these locks first: two owners demoting or deleting each other at once
   * run one after the other, and the second sees that only one owner is left.
   */
  @GenerateSql()
  async lockOwnerIds(): Promise<number[]> {
    const rows = await this.rows(db.selectFrom('users').select('id').where('staff_role', '=', 'owner').orderBy('id').forUpdate());
    return rows.map((r) => r.id);
  }

  /** Every staff account, owners first, then organizers and moderators, each by username. */
  @GenerateSql()
  async listStaff(): Promise<StaffMemberRow[]> {
    return this.rows(
      db
        .selectFrom('users')
        .select(STAFF_MEMBER)
        .where('users.staff_role', 'is not', null)
        .orderBy(ROLE_ORDER)
        .orderBy(sql`lower(users.username)`)
        .orderBy('users.id'),
    );
  }

  /** The account a role change is for, by username in any letter case, its row locked until the transaction ends. */
  @GenerateSql({ params: ['scream_queen'] })
  async lockStaffCandidate(username: string): Promise<StaffCandidate | null> {
    const row = await this.first(
      db
        .selectFrom('users')
        .select([...STAFF_MEMBER, 'users.is_verified', 'users.is_competitor'])
        .where(sameText('users.username', username))
        .forUpdate(),
    );
    return row ?? null;
  }

  /** Sets the account's staff role (null: no longer staff) and, with it, whether it is a staff account; answers the member as stored. */
  @GenerateSql({ params: [1, 'organizer'] })
  async setStaffRole(id: number, role: StaffRole | null): Promise<StaffMemberRow | null> {
    const row = await this.first(
      db
        .updateTable('users')
        .set({ staff_role: role, is_superuser: role !== null, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .returning(STAFF_MEMBER),
    );
    return row ?? null;
  }

  @GenerateSql({ params: [1] })
  async lockForDeletion(id: number): Promise<DeletionTarget | null> {
    const row = await this.first(
      db
        .selectFrom('users as u')
        .leftJoin('contestant_profiles as p', 'p.user_id', 'u.id')
        .select((eb) => [
          'u.id',
          'u.username',
          'u.is_superuser',
          eb.ref('u.staff_role').$castTo<StaffRole | null>().as('staff_role'),
          'u.is_competitor',
          'p.pictures_urls',
        ])
        .where('u.id', '=', id)
        // An erased account is gone for every deletion path.
        .where('u.erased_at', 'is', null)
        .forUpdate('u'),
    );
    return row
      ? {
          id: row.id,
          username: row.username,
          isSuperuser: row.is_superuser,
          staffRole: row.staff_role,
          isCompetitor: row.is_competitor,
          picturesUrls: row.pictures_urls ?? [],
        }
      : null;
  }
}
