import { Injectable } from '@nestjs/common';
import { DEFAULT_MAIL_PREFERENCES, MAIL_KINDS, type MailKind, type MailPreferences } from '#contract/mail/constants.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';

/** A contestant an e-mail may go to. */
export interface MailRecipient {
  user_id: number;
  email: string;
  username: string;
}

/** Only a listed kind ever names a column. */
const column = (kind: MailKind): string => {
  if (!MAIL_KINDS.includes(kind)) throw new Error(`Unknown mail kind ${String(kind)}`);
  return kind;
};

/** The default of a kind, as SQL. */
const fallback = (kind: MailKind) => (DEFAULT_MAIL_PREFERENCES[kind] ? 'true' : 'false');

/** Mail preferences, unsubscribe tokens and the record of contestant e-mails sent. */
@Injectable()
export class ContestantMailRepository extends BaseRepository {
  async preferences(userId: number): Promise<MailPreferences> {
    const rows: MailPreferences[] = await this.em.query(`SELECT ${MAIL_KINDS.join(', ')} FROM mail_preferences WHERE user_id = $1`, [userId]);
    return rows[0] ?? { ...DEFAULT_MAIL_PREFERENCES };
  }

  /** Sets the kinds given, and only those (the others keep their value, or their default for a first choice). */
  async savePreferences(userId: number, change: Partial<MailPreferences>): Promise<MailPreferences> {
    const given = MAIL_KINDS.filter((k) => change[k] !== undefined);
    if (!given.length) return this.preferences(userId);
    const first = { ...DEFAULT_MAIL_PREFERENCES, ...change };
    const rows: MailPreferences[] = await this.em.query(
      `INSERT INTO mail_preferences (user_id, ${MAIL_KINDS.join(', ')}) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET ${given.map((k) => `${column(k)} = EXCLUDED.${column(k)}`).join(', ')}, updated_at = now()
       RETURNING ${MAIL_KINDS.join(', ')}`,
      [userId, ...MAIL_KINDS.map((k) => first[k])],
    );
    return rows[0];
  }

  /** Those of these accounts that get this kind of e-mail. */
  recipients(userIds: readonly number[], kind: MailKind): Promise<MailRecipient[]> {
    if (!userIds.length) return Promise.resolve([]);
    return this.em.query(
      `SELECT u.id AS user_id, u.email, u.username FROM users u LEFT JOIN mail_preferences p ON p.user_id = u.id
       WHERE u.id = ANY($1::int[]) AND COALESCE(p.${column(kind)}, ${fallback(kind)})`,
      [[...userIds]],
    );
  }

  /**
   * Records that this e-mail goes out, once: false when it was recorded already (a repeated job, a
   * second look at the same day's drop), so the caller sends nothing.
   */
  async claim(userId: number, kind: MailKind, eventKey: string, contestId: number | null, rank: number | null): Promise<boolean> {
    const rows: unknown[] = await this.em.query(
      `INSERT INTO contestant_mails (user_id, kind, event_key, contest_id, rank) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [userId, kind, eventKey, contestId, rank],
    );
    return rows.length > 0;
  }

  /** Stores a new unsubscribe token's hash, and drops the account's expired ones. */
  async insertToken(userId: number, kind: MailKind, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.em.query('DELETE FROM mail_unsubscribe_tokens WHERE user_id = $1 AND expires_at <= now()', [userId]);
    await this.em.query('INSERT INTO mail_unsubscribe_tokens (token_hash, user_id, kind, expires_at) VALUES ($1, $2, $3, $4)', [
      tokenHash,
      userId,
      kind,
      expiresAt,
    ]);
  }

  /** The account and kind of an unexpired token. */
  async token(tokenHash: string): Promise<{ user_id: number; kind: MailKind } | null> {
    const rows: { user_id: number; kind: MailKind }[] = await this.em.query(
      'SELECT user_id, kind FROM mail_unsubscribe_tokens WHERE token_hash = $1 AND expires_at > now()',
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  /** The rank the account's last digest of this contest reported. */
  async lastDigestRanks(contestId: number, userIds: readonly number[]): Promise<Map<number, number>> {
    const rows: { user_id: number; rank: number }[] = await this.em.query(
      `SELECT DISTINCT ON (user_id) user_id, rank FROM contestant_mails
       WHERE contest_id = $1 AND kind = 'daily_digest' AND user_id = ANY($2::int[]) AND rank IS NOT NULL
       ORDER BY user_id, sent_at DESC`,
      [contestId, [...userIds]],
    );
    return new Map(rows.map((r) => [r.user_id, r.rank]));
  }

  /**
   * The contest's contestants still in the race who want the digest and have not had this one, and who
   * joined before `joinedBefore` (the end of the day it reports: no digest of a day before they were in).
   */
  async digestPending(contestId: number, eventKey: string, joinedBefore: Date): Promise<number[]> {
    const rows: { user_id: number }[] = await this.em.query(
      `SELECT e.user_id FROM contest_entries e JOIN mail_preferences p ON p.user_id = e.user_id AND p.daily_digest
       WHERE e.contest_id = $1 AND NOT e.is_eliminated AND e.joined_at < $3
         AND NOT EXISTS (SELECT 1 FROM contestant_mails m WHERE m.user_id = e.user_id AND m.kind = 'daily_digest' AND m.event_key = $2)`,
      [contestId, eventKey, joinedBefore],
    );
    return rows.map((r) => r.user_id);
  }

  /** Whether the round's cut has committed (its results may be sent). */
  async roundClosed(roundId: number): Promise<boolean> {
    const rows: unknown[] = await this.em.query('SELECT 1 FROM contest_rounds WHERE id = $1 AND closed_at IS NOT NULL', [roundId]);
    return rows.length > 0;
  }
}
