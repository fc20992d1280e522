import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';

/** What an account's own download holds of the account row and its profile. */
export interface AccountRow {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  instagram: string | null;
  tiktok: string | null;
  staff_role: string | null;
  is_competitor: boolean;
  is_verified: boolean;
  password_set: boolean;
  two_factor_enabled_at: Date | null;
  locale: string;
  created_at: Date;
  last_login_at: Date | null;
  deletion_due_at: Date | null;
  profile_id: number | null;
  category: string | null;
  biography: string | null;
  pictures_urls: string[] | null;
  total_votes: number | null;
  paid_votes: number | null;
  profile_views: number | null;
}

/** The pending deletion of an account, and whether it was erased already. */
export interface DeletionState {
  deletion_requested_at: Date | null;
  deletion_due_at: Date | null;
  erased_at: Date | null;
}

/** The placeholder an erased account's username becomes: unique, and says nothing of the person. */
export const erasedUsername = (userId: number): string => `deleted-${userId}`;

/**
 * A person's own data across the tables that hold it: what their download reads, and the erasure that
 * removes it while keeping the ledgers (votes, payments) that point at the account, anonymized.
 */
@Injectable()
export class AccountDataRepository extends BaseRepository {
  @GenerateSql({ params: [1] })
  async account(userId: number): Promise<AccountRow | undefined> {
    return this.first(
      this.db
        .selectFrom('users as u')
        .leftJoin('contestant_profiles as p', 'p.user_id', 'u.id')
        .select([
          'u.id',
          'u.username',
          'u.email',
          'u.first_name',
          'u.last_name',
          'u.phone_number',
          'u.instagram',
          'u.tiktok',
          'u.staff_role',
          'u.is_competitor',
          'u.is_verified',
          'u.password_set',
          'u.two_factor_enabled_at',
          'u.locale',
          'u.created_at',
          'u.last_login_at',
          'u.deletion_due_at',
          'p.id as profile_id',
          'p.category',
          'p.biography',
          'p.pictures_urls',
          'p.total_votes',
          'p.paid_votes',
          'p.profile_views',
        ])
        .where('u.id', '=', userId)
        .where('u.erased_at', 'is', null),
    );
  }

  /** The profile's answers to the profile questions, in the questions' order. */
  @GenerateSql({ params: [1] })
  async answers(profileId: number): Promise<{ question: string; answer: string }[]> {
    return this.rows(
      this.db
        .selectFrom('profile_answers as a')
        .innerJoin('profile_questions as q', 'q.id', 'a.question_id')
        .select(['q.label as question', 'a.answer'])
        .where('a.profile_id', '=', profileId)
        .orderBy('q.position')
        .orderBy('q.id'),
    );
  }

  /** The account's e-mail choices; null when it never changed the defaults. */
  @GenerateSql({ params: [1] })
  async mailPreferences(userId: number) {
    return (
      (await this.first(
        this.db.selectFrom('mail_preferences').select(['below_cut', 'daily_digest', 'round_results', 'winner']).where('user_id', '=', userId),
      )) ?? null
    );
  }

  /** How many unused two-factor recovery codes the account holds (never the codes). */
  @GenerateSql({ params: [1] })
  async recoveryCodesLeft(userId: number): Promise<number> {
    const row = await this.first(
      this.db
        .selectFrom('two_factor_recovery_codes')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null),
    );
    return row?.n ?? 0;
  }

  /** The provider accounts (Google, Apple, Facebook) the account signs in with. */
  @GenerateSql({ params: [1] })
  async linkedProviders(userId: number): Promise<{ provider: string; email: string; linked_at: Date }[]> {
    return this.rows(
      this.db.selectFrom('user_identities').select(['provider', 'email', 'created_at as linked_at']).where('user_id', '=', userId).orderBy('provider'),
    );
  }

  /** The account's contest entries, with their contest and group. */
  @GenerateSql({ params: [1] })
  async entries(userId: number) {
    return this.rows(
      this.db
        .selectFrom('contest_entries as e')
        .innerJoin('contests as c', 'c.id', 'e.contest_id')
        .innerJoin('groups as g', 'g.id', 'e.group_id')
        .select([
          'e.id',
          'c.name as contest',
          'g.group_number',
          'e.joined_at',
          'e.current_contest_votes',
          'e.paid_votes',
          'e.is_eliminated',
          'e.winner_place',
          'e.withdrawn_at',
        ])
        .where('e.user_id', '=', userId)
        .orderBy('e.joined_at'),
    );
  }

  /** The votes the account's entries received, per contest, UTC day and kind (a paid row counts its weight: a package's votes, or a refund's negative). */
  @GenerateSql({ params: [1] })
  async votesReceivedByDay(userId: number): Promise<{ contest: string; day: string; kind: string; votes: number }[]> {
    const day = sql<string>`to_char(v.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
    return this.rows(
      this.db
        .selectFrom('votes as v')
        .innerJoin('contest_entries as e', 'e.id', 'v.entry_id')
        .innerJoin('contests as c', 'c.id', 'v.contest_id')
        .select(['c.name as contest', day.as('day'), 'v.kind', sql<number>`sum(v.weight)::int`.as('votes')])
        .where('e.user_id', '=', userId)
        .groupBy(['c.name', 'v.contest_id', day, 'v.kind'])
        .orderBy('v.contest_id')
        .orderBy(day)
        .orderBy('v.kind'),
    );
  }

  /** The votes the account cast while signed in (a visitor's votes are tied to no account). */
  @GenerateSql({ params: [1] })
  async votesCast(userId: number) {
    return this.rows(
      this.db
        .selectFrom('votes as v')
        .innerJoin('contests as c', 'c.id', 'v.contest_id')
        .select(['v.id', 'c.name as contest', 'v.profile_id', 'v.kind', 'v.created_at'])
        .where('v.user_id', '=', userId)
        .orderBy('v.created_at'),
    );
  }

  /** The payments the account made, with what they bought. */
  @GenerateSql({ params: [1] })
  async payments(userId: number) {
    return this.rows(
      this.db
        .selectFrom('payments')
        .select(['id', 'provider', 'status', 'amount_minor', 'currency', 'votes', 'payer_name', 'payer_email', 'profile_id', 'created_at', 'credited_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at'),
    );
  }

  /** The support messages the account sent while signed in. */
  @GenerateSql({ params: [1] })
  async supportMessages(userId: number) {
    return this.rows(
      this.db
        .selectFrom('support_messages')
        .select(['id', 'topic', 'name', 'email', 'message', 'status', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at'),
    );
  }

  @GenerateSql({ params: [1] })
  async deletionState(userId: number): Promise<DeletionState | undefined> {
    return this.first(this.db.selectFrom('users').select(['deletion_requested_at', 'deletion_due_at', 'erased_at']).where('id', '=', userId));
  }

  /** Marks the account for deletion at `dueAt`; answers false when one is pending already or it was erased. */
  @GenerateSql({ params: [1, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-15T00:00:00Z')] })
  async requestDeletion(userId: number, requestedAt: Date, dueAt: Date): Promise<boolean> {
    const n = await this.run(
      this.db
        .updateTable('users')
        .set({ deletion_requested_at: requestedAt, deletion_due_at: dueAt })
        .where('id', '=', userId)
        .where('deletion_due_at', 'is', null)
        .where('erased_at', 'is', null),
    );
    return n === 1;
  }

  /** Drops the pending deletion; answers false when none was pending. */
  @GenerateSql({ params: [1] })
  async cancelDeletion(userId: number): Promise<boolean> {
    const n = await this.run(
      this.db
        .updateTable('users')
        .set({ deletion_requested_at: null, deletion_due_at: null })
        .where('id', '=', userId)
        .where('deletion_due_at', 'is not', null)
        .where('erased_at', 'is', null),
    );
    return n === 1;
  }

  /** Accounts whose grace period has ended by `now` and are not erased yet, oldest first. */
  @GenerateSql({ params: [new Date('2026-01-15T00:00:00Z'), 100] })
  async dueForErasure(now: Date, limit: number): Promise<number[]> {
    const rows = await this.rows(
      this.db.selectFrom('users').select('id').where('deletion_due_at', '<=', now).where('erased_at', 'is', null).orderBy('deletion_due_at').limit(limit),
    );
    return rows.map((r) => r.id);
  }

  /**
   * Removes the person from every table but the ledgers, and anonymizes those: run in the caller's
   * transaction after the user row is locked and the entries' group places are given back. Entries
   * stay (their votes are the contest's totals) but are withdrawn from the public pages; votes cast
   * and payments made keep their amounts and times but lose the link to the person and the payer's
   * name and address; the account row keeps its id under a placeholder name and can no longer sign in.
   */
  @GenerateSql({ params: [1] })
  async erase(userId: number): Promise<void> {
    await this.run(
      this.db
        .updateTable('contest_entries')
        .set({ withdrawn_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('withdrawn_at', 'is', null),
    );
    await this.run(
      this.db.deleteFrom('profile_answers').where('profile_id', 'in', this.db.selectFrom('contestant_profiles').select('id').where('user_id', '=', userId)),
    );
    await this.run(
      this.db
        .updateTable('contestant_profiles')
        .set({ biography: '', pictures_urls: sql`'{}'::text[]` })
        .where('user_id', '=', userId),
    );
    // Sessions, sign-in links, two-factor state and e-mail choices: nothing of them outlives the account.
    await this.run(this.db.deleteFrom('auth_tokens').where('user_id', '=', userId));
    await this.run(this.db.deleteFrom('two_factor_challenges').where('user_id', '=', userId));
    await this.run(this.db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId));
    await this.run(this.db.deleteFrom('mail_preferences').where('user_id', '=', userId));
    await this.run(this.db.deleteFrom('mail_unsubscribe_tokens').where('user_id', '=', userId));
    await this.run(this.db.deleteFrom('contestant_mails').where('user_id', '=', userId));
    await this.run(this.db.deleteFrom('support_messages').where('user_id', '=', userId));
    // Provider accounts linked to it, and provider sign-ins under way to link one: no way back in.
    await this.run(this.db.deleteFrom('user_identities').where('user_id', '=', userId));
    await this.run(this.db.deleteFrom('oidc_sign_ins').where('link_user_id', '=', userId));
    // Ledger rows stay, so totals, the reconciliation and receipts' amounts stay true; who they were is gone.
    await this.run(this.db.updateTable('votes').set({ user_id: null }).where('user_id', '=', userId));
    await this.run(this.db.updateTable('payments').set({ payer_name: null, payer_email: '' }).where('user_id', '=', userId));
    await this.run(
      this.db
        .updateTable('users')
        .set({
          username: erasedUsername(userId),
          email: `${erasedUsername(userId)}@erased.invalid`,
          // No password hashes to this: the account can never sign in again.
          password_hash: '!',
          password_set: false,
          first_name: '',
          last_name: '',
          phone_number: null,
          instagram: null,
          tiktok: null,
          is_superuser: false,
          staff_role: null,
          is_verified: false,
          two_factor_secret: null,
          two_factor_enabled_at: null,
          two_factor_last_step: null,
          last_login_at: null,
          deletion_requested_at: null,
          deletion_due_at: null,
          erased_at: sql`now()`,
          updated_at: sql`now()`,
        })
        .where('id', '=', userId),
    );
  }
}
