import { Injectable } from '@nestjs/common';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { PaymentEntity, type PaymentProviderName, type PaymentStatus } from './entities/payment.entity.js';

/** A payment as the credit needs it, with the username the live events are addressed to. */
export interface CreditablePayment {
  id: string;
  entryId: number;
  votes: number;
  userId: number | null;
}

export interface PaymentReceipt {
  payerEmail: string;
  payerName: string | null;
  votes: number;
  baseVotes: number;
  amountCents: number;
  currency: string;
  provider: PaymentProviderName;
  firstName: string;
  lastName: string;
  username: string;
}

@Injectable()
export class PaymentsRepository extends BaseRepository {
  /** How many payments are in each state. */
  async countByStatus(): Promise<Record<string, number>> {
    const rows: { status: string; n: number }[] = await this.em.query('SELECT status, count(*)::int AS n FROM payments GROUP BY status');
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  }

  async create(payment: Omit<PaymentEntity, 'createdAt' | 'updatedAt' | 'creditedAt' | 'providerRef' | 'status' | 'currency'>): Promise<PaymentEntity> {
    return this.repo(PaymentEntity).save(this.repo(PaymentEntity).create({ ...payment, status: 'created', currency: 'USD', providerRef: null }));
  }

  async setProviderRef(id: string, providerRef: string): Promise<void> {
    await this.em.query('UPDATE payments SET provider_ref = $2, updated_at = now() WHERE id = $1', [id, providerRef]);
  }

  /** created → failed: the provider refused or could not be reached when the checkout was made. */
  async markFailed(id: string): Promise<void> {
    await this.em.query(`UPDATE payments SET status = 'failed', updated_at = now() WHERE id = $1 AND status = 'created'`, [id]);
  }

  find(id: string): Promise<PaymentEntity | null> {
    return this.repo(PaymentEntity).findOneBy({ id });
  }

  /** The payment a provider's reference (Stripe session id, PayPal order id, TEST MODE ref) names. */
  findByRef(providerRef: string): Promise<PaymentEntity | null> {
    return this.repo(PaymentEntity).findOneBy({ providerRef });
  }

  /**
   * created (or expired: money a provider confirms late still counts) → paid; false when it was in
   * none of `from` (already paid, credited, refunded or failed).
   */
  async markPaid(id: string, from: readonly PaymentStatus[] = ['created', 'expired']): Promise<boolean> {
    const rows: unknown[] = await this.em.query(
      `WITH u AS (UPDATE payments SET status = 'paid', updated_at = now() WHERE id = $1 AND status = ANY($2::text[]) RETURNING id) SELECT id FROM u`,
      [id, from],
    );
    return rows.length > 0;
  }

  /** created → expired for every checkout made more than `seconds` ago; answers how many. Any number of callers at once expire each once. */
  async expireAbandoned(seconds: number): Promise<number> {
    const rows: unknown[] = await this.em.query(
      `WITH u AS (UPDATE payments SET status = 'expired', updated_at = now()
                  WHERE status = 'created' AND created_at < now() - make_interval(secs => $1) RETURNING id) SELECT id FROM u`,
      [seconds],
    );
    return rows.length;
  }

  /** created → expired for this payment if it was made more than `seconds` ago. */
  async expireIfAbandoned(id: string, seconds: number): Promise<void> {
    await this.em.query(
      `UPDATE payments SET status = 'expired', updated_at = now() WHERE id = $1 AND status = 'created' AND created_at < now() - make_interval(secs => $2)`,
      [id, seconds],
    );
  }

  /** The payment, locked for the caller's transaction, if it is 'paid' (waiting to be credited). */
  async lockPaid(id: string): Promise<CreditablePayment | null> {
    const rows: { id: string; entry_id: number; votes: number; user_id: number | null }[] = await this.em.query(
      `SELECT id::text, entry_id, votes, user_id FROM payments WHERE id = $1 AND status = 'paid' FOR UPDATE`,
      [id],
    );
    const r = rows[0];
    return r ? { id: r.id, entryId: r.entry_id, votes: r.votes, userId: r.user_id } : null;
  }

  /** paid → refunding: the money must go back (the entry can no longer take votes). */
  async markRefunding(id: string): Promise<void> {
    await this.em.query(`UPDATE payments SET status = 'refunding', updated_at = now() WHERE id = $1 AND status = 'paid'`, [id]);
  }

  // UPDATE … RETURNING inside WITH: TypeORM answers a bare UPDATE as [rows, count], a SELECT as its rows.

  /** paid → credited, only from 'paid': of any number of concurrent or repeated credits exactly one gets the row. */
  async markCredited(id: string): Promise<CreditablePayment | null> {
    const rows: { id: string; entry_id: number; votes: number; user_id: number | null }[] = await this.em.query(
      `WITH u AS (UPDATE payments SET status = 'credited', credited_at = now(), updated_at = now()
                  WHERE id = $1 AND status = 'paid' RETURNING id, entry_id, votes, user_id)
       SELECT * FROM u`,
      [id],
    );
    const r = rows[0];
    return r ? { id: r.id, entryId: r.entry_id, votes: r.votes, userId: r.user_id } : null;
  }

  /**
   * → refunded from created, paid, credited, refunding or expired, once: answers the payment and
   * whether it had been credited (its votes must go back out), or null when it was refunded already.
   */
  async markRefunded(id: string): Promise<(CreditablePayment & { wasCredited: boolean }) | null> {
    const rows: { id: string; entry_id: number; votes: number; user_id: number | null; was: string }[] = await this.em.query(
      `WITH old AS (SELECT id, status FROM payments WHERE id = $1 AND status IN ('created', 'paid', 'credited', 'refunding', 'expired') FOR UPDATE),
            u AS (UPDATE payments p SET status = 'refunded', updated_at = now() FROM old WHERE p.id = old.id
                  RETURNING p.id, p.entry_id, p.votes, p.user_id, old.status AS was)
       SELECT * FROM u`,
      [id],
    );
    const r = rows[0];
    return r ? { id: r.id, entryId: r.entry_id, votes: r.votes, userId: r.user_id, wasCredited: r.was === 'credited' } : null;
  }

  /** What the payer's receipt says of a payment and its contestant. */
  async receipt(id: string): Promise<PaymentReceipt | null> {
    const rows: PaymentReceipt[] = await this.em.query(
      `SELECT p.payer_email AS "payerEmail", p.payer_name AS "payerName", p.votes, p.base_votes AS "baseVotes", p.amount_cents AS "amountCents",
              p.currency, p.provider, u.first_name AS "firstName", u.last_name AS "lastName", u.username
       FROM payments p JOIN contestant_profiles cp ON cp.id = p.profile_id JOIN users u ON u.id = cp.user_id WHERE p.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** The e-mail address of the contestant's own account, or null when the profile is gone. */
  async accountEmail(profileId: number): Promise<string | null> {
    const rows: { email: string }[] = await this.em.query('SELECT u.email FROM contestant_profiles p JOIN users u ON u.id = p.user_id WHERE p.id = $1', [
      profileId,
    ]);
    return rows[0]?.email ?? null;
  }

  /** The profile's username. */
  async username(profileId: number): Promise<string> {
    const rows: { username: string }[] = await this.em.query('SELECT u.username FROM contestant_profiles p JOIN users u ON u.id = p.user_id WHERE p.id = $1', [
      profileId,
    ]);
    return rows[0]?.username ?? '';
  }
}
