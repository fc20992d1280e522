import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DEFAULT_MAIL_PREFERENCES, MAIL_KINDS, type MailKind, type MailPreferences } from '#contract/mail/constants.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import { queryBuilder as db } from '#server/infra/database/query-builder.js';

/** A contestant an e-mail may go to. */
export interface MailRecipient {
  user_id: number;
  email: string;
  username: string;
  /** The language the account's e-mails are written in. */
  locale: string;
}

const isMailKind = (v: string): v is MailKind => (MAIL_KINDS as readonly string[]).includes(v);

/** Only a listed kind ever names a column. */
const column = (kind: MailKind): MailKind => {
  if (!isMailKind(kind)) throw new Error(`Unknown mail kind ${String(kind)}`);
  return kind;
};

/** One value per kind: the compiler sees that none is missing. */
const byKind = <T>(value: (kind: MailKind) => T): Record<MailKind, T> => ({
  round_results: value('round_results'),
  below_cut: value('below_cut'),
  winner: value('winner'),
  daily_digest: value('daily_digest'),
});

/** Mail preferences, unsubscribe tokens and the record of contestant e-mails sent. */
@Injectable()
export class ContestantMailRepository extends BaseRepository {
  @GenerateSql({ params: [1] })
  async preferences(userId: number): Promise<MailPreferences> {
    const row = await this.first(db.selectFrom('mail_preferences').select(MAIL_KINDS).where('user_id', '=', userId));
    return row ?? { ...DEFAULT_MAIL_PREFERENCES };
  }

  /** Sets the kinds given, and only those (the others keep their value, or their default for a first choice). */
  @GenerateSql({ name: 'one kind', params: [1, { daily_digest: true }] }, { name: 'two kinds', params: [1, { winner: false, below_cut: false }] })
  async savePreferences(userId: number, change: Partial<MailPreferences>): Promise<MailPreferences> {
    if (!MAIL_KINDS.some((k) => change[k] !== undefined)) return this.preferences(userId);
    const first = { ...DEFAULT_MAIL_PREFERENCES, ...change };
    const saved = await this.first(
      db
        .insertInto('mail_preferences')
        .values({ user_id: userId, ...byKind((k) => first[k]) })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet((eb) => ({
            ...byKind((k) => (change[k] !== undefined ? eb.ref(`excluded.${column(k)}`) : eb.ref(`mail_preferences.${column(k)}`))),
            updated_at: sql<Date>`now()`,
          })),
        )
        .returning(MAIL_KINDS),
    );
    if (!saved) throw new Error(`The mail preferences of user ${userId} were not saved`);
    return saved;
  }

  /** Those of these accounts that get this kind of e-mail. */
  @GenerateSql({ params: [[1, 2, 3], 'round_results'] })
  async recipients(userIds: readonly number[], kind: MailKind): Promise<MailRecipient[]> {
    if (!userIds.length) return [];
    return this.rows(
      db
        .selectFrom('users as u')
        .leftJoin('mail_preferences as p', 'p.user_id', 'u.id')
        .select(['u.id as user_id', 'u.email', 'u.username', 'u.locale'])
        // An erased account gets no e-mail: its address is no one's.
        .where('u.erased_at', 'is', null)
        .where((eb) => eb.and([eb('u.id', '=', eb.fn.any(eb.val([...userIds]))), eb.fn.coalesce(`p.${column(kind)}`, eb.lit(DEFAULT_MAIL_PREFERENCES[kind]))])),
    );
  }

  /**
   * Records that this e-mail goes out, once: false when it was recorded already (a repeated job, a
   * second look at the same day's drop), so the caller sends nothing.
   */
  @GenerateSql({ params: [1, 'daily_digest', 'digest:2026-11-28', 4, 12] })
  async claim(userId: number, kind: MailKind, eventKey: string, contestId: number | null, rank: number | null): Promise<boolean> {
    const claimed = await this.first(
      db
        .insertInto('contestant_mails')
        .values({ user_id: userId, kind, event_key: eventKey, contest_id: contestId, rank })
        .onConflict((oc) => oc.doNothing())
        .returning('user_id'),
    );
    return claimed !== undefined;
  }

  /** Stores a new unsubscribe token's hash, and drops the account's expired ones. */
  @GenerateSql({ params: [1, 'winner', '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', new Date('2026-12-29T00:00:00Z')] })
  async insertToken(userId: number, kind: MailKind, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.run(
      db
        .deleteFrom('mail_unsubscribe_tokens')
        .where('user_id', '=', userId)
        .where('expires_at', '<=', sql<Date>`now()`),
    );
    await this.run(db.insertInto('mail_unsubscribe_tokens').values({ token_hash: tokenHash, user_id: userId, kind, expires_at: expiresAt }));
  }

  /** The account and kind of an unexpired token. */
  @GenerateSql({ params: ['9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'] })
  async token(tokenHash: string): Promise<{ user_id: number; kind: MailKind } | null> {
    const row = await this.first(
      db
        .selectFrom('mail_unsubscribe_tokens')
        .select(['user_id', 'kind'])
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', sql<Date>`now()`),
    );
    if (!row) return null;
    // insertToken() stores only known kinds.
    if (!isMailKind(row.kind)) throw new Error(`Unsubscribe token of user ${row.user_id} has the unknown kind ${row.kind}`);
    return { user_id: row.user_id, kind: row.kind };
  }

  /** The rank the account's last digest of this contest reported. */
  @GenerateSql({ params: [1, [1, 2, 3]] })
  async lastDigestRanks(contestId: number, userIds: readonly number[]): Promise<Map<number, number>> {
    const rows = await this.rows(
      db
        .selectFrom('contestant_mails')
        .distinctOn('user_id')
        .select(['user_id', 'rank'])
        .where('contest_id', '=', contestId)
        .where('kind', '=', 'daily_digest')
        .where((eb) => eb('user_id', '=', eb.fn.any(eb.val([...userIds]))))
        .where('rank', 'is not', null)
        .orderBy('user_id')
        .orderBy('sent_at', 'desc'),
    );
    return new Map(rows.flatMap((r) => (r.rank === null ? [] : [[r.user_id, r.rank] as const])));
  }

  /**
   * The contest's contestants still in the race who want the digest and have not had this one, and who
   * joined before `joinedBefore` (the end of the day it reports: no digest of a day before they were in).
   */
  @GenerateSql({ params: [1, 'digest:2026-11-28', new Date('2026-11-29T00:00:00Z')] })
  async digestPending(contestId: number, eventKey: string, joinedBefore: Date): Promise<number[]> {
    const rows = await this.rows(
      db
        .selectFrom('contest_entries as e')
        .innerJoin('mail_preferences as p', (join) => join.onRef('p.user_id', '=', 'e.user_id').on((eb) => eb.ref('p.daily_digest')))
        .select('e.user_id')
        .where('e.contest_id', '=', contestId)
        .where((eb) => eb.not(eb.ref('e.is_eliminated')))
        .where('e.joined_at', '<', joinedBefore)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('contestant_mails as m')
                .select(sql.lit(1).as('one'))
                .whereRef('m.user_id', '=', 'e.user_id')
                .where('m.kind', '=', 'daily_digest')
                .where('m.event_key', '=', eventKey),
            ),
          ),
        ),
    );
    return rows.map((r) => r.user_id);
  }

  /** Whether the round's cut has committed (its results may be sent). */
  @GenerateSql({ params: [1] })
  async roundClosed(roundId: number): Promise<boolean> {
    const row = await this.first(db.selectFrom('contest_rounds').select('id').where('id', '=', roundId).where('closed_at', 'is not', null));
    return row !== undefined;
  }
}
