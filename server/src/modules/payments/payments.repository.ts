import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import { queryBuilder as db } from '#server/infra/database/query-builder.js';
import type { PaymentEntity, PaymentProviderName, PaymentStatus } from './entities/payment.entity.js';
import { paymentMethod, paymentProvider, paymentStatus } from './payment-columns.js';

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
  /** The payer's language (the checkout's request). */
  locale: string;
  votes: number;
  baseVotes: number;
  amountMinor: number;
  currency: string;
  provider: PaymentProviderName;
  firstName: string;
  lastName: string;
  username: string;
  /** The contestant's account was erased: their name and username are placeholders the receipt must not print. */
  contestantErased: boolean;
}

/** What the checkout knows of a payment before it is written; the row starts 'created', without a provider reference. */
export type NewPayment = Omit<PaymentEntity, 'createdAt' | 'updatedAt' | 'creditedAt' | 'providerRef' | 'status'>;

/** Every column of a payment, named as PaymentEntity names them. */
const PAYMENT = [
  'id',
  'profile_id as profileId',
  'entry_id as entryId',
  'contest_id as contestId',
  'user_id as userId',
  'votes',
  'base_votes as baseVotes',
  'amount_minor as amountMinor',
  'currency',
  'package_id as packageId',
  'payer_email as payerEmail',
  'payer_name as payerName',
  'locale',
  'provider',
  'provider_ref as providerRef',
  'method',
  'status',
  'success_url as successUrl',
  'cancel_url as cancelUrl',
  'created_at as createdAt',
  'updated_at as updatedAt',
  'credited_at as creditedAt',
] as const;

/** The columns the credit and the refund need. */
const CREDITABLE = ['id', 'entry_id as entryId', 'votes', 'user_id as userId'] as const;

/** A payment row with its CHECK-limited text columns as their types. */
const toPayment = <R extends { provider: string; method: string; status: string }>(r: R) => ({
  ...r,
  provider: paymentProvider(r.provider),
  method: paymentMethod(r.method),
  status: paymentStatus(r.status),
});

const now = sql<Date>`now()`;

/** The moment `seconds` before now: a checkout made before it is abandoned. */
const secondsAgo = (seconds: number) => sql<Date>`now() - make_interval(secs => ${seconds})`;

/** The states a refund may come from: every state but refunded and failed. */
const REFUNDABLE: readonly PaymentStatus[] = ['created', 'paid', 'credited', 'refunding', 'expired'];

const SAMPLE_ID = '00000000-0000-4000-8000-000000000001';

@Injectable()
export class PaymentsRepository extends BaseRepository {
  /** How many payments are in each state. */
  @GenerateSql({ params: [] })
  async countByStatus(): Promise<Record<string, number>> {
    const rows = await this.rows(
      db
        .selectFrom('payments')
        .select(['status', sql<number>`count(*)::int`.as('n')])
        .groupBy('status'),
    );
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  }

  @GenerateSql({
    params: [
      {
        id: SAMPLE_ID,
        profileId: 1,
        entryId: 1,
        contestId: 1,
        userId: null,
        votes: 55,
        baseVotes: 50,
        amountMinor: 5000,
        currency: 'USD',
        packageId: 2,
        payerEmail: 'fan@example.com',
        payerName: 'Fan Name',
        locale: 'pt-BR',
        provider: 'stripe',
        method: 'stripe',
        successUrl: 'https://screamstage.example/profile/vera?payment=success',
        cancelUrl: 'https://screamstage.example/profile/vera?payment=cancel',
      },
    ],
  })
  async create(payment: NewPayment): Promise<PaymentEntity> {
    const row = await this.first(
      db
        .insertInto('payments')
        .values({
          id: payment.id,
          profile_id: payment.profileId,
          entry_id: payment.entryId,
          contest_id: payment.contestId,
          user_id: payment.userId,
          votes: payment.votes,
          base_votes: payment.baseVotes,
          amount_minor: payment.amountMinor,
          currency: payment.currency,
          package_id: payment.packageId,
          payer_email: payment.payerEmail,
          payer_name: payment.payerName,
          locale: payment.locale,
          provider: payment.provider,
          provider_ref: null,
          method: payment.method,
          status: 'created',
          success_url: payment.successUrl,
          cancel_url: payment.cancelUrl,
        })
        .returning(PAYMENT),
    );
    if (!row) throw new Error(`payment ${payment.id} was not written`);
    return toPayment(row);
  }

  @GenerateSql({ params: [SAMPLE_ID, 'cs_test_a1b2c3'] })
  async setProviderRef(id: string, providerRef: string): Promise<void> {
    await this.run(db.updateTable('payments').set({ provider_ref: providerRef, updated_at: now }).where('id', '=', id));
  }

  /** created → failed: the provider refused or could not be reached when the checkout was made. */
  @GenerateSql({ params: [SAMPLE_ID] })
  async markFailed(id: string): Promise<void> {
    await this.run(db.updateTable('payments').set({ status: 'failed', updated_at: now }).where('id', '=', id).where('status', '=', 'created'));
  }

  @GenerateSql({ params: [SAMPLE_ID] })
  async find(id: string): Promise<PaymentEntity | null> {
    const row = await this.first(db.selectFrom('payments').select(PAYMENT).where('id', '=', id));
    return row ? toPayment(row) : null;
  }

  /** The payment a provider's reference (Stripe session id, PayPal order id, TEST MODE ref) names. */
  @GenerateSql({ params: ['cs_test_a1b2c3'] })
  async findByRef(providerRef: string): Promise<PaymentEntity | null> {
    const row = await this.first(db.selectFrom('payments').select(PAYMENT).where('provider_ref', '=', providerRef));
    return row ? toPayment(row) : null;
  }

  /**
   * created (or expired: money a provider confirms late still counts) → paid; false when it was in
   * none of `from` (already paid, credited, refunded or failed).
   */
  @GenerateSql({ name: 'from created or expired', params: [SAMPLE_ID] }, { name: 'from created only', params: [SAMPLE_ID, ['created']] })
  async markPaid(id: string, from: readonly PaymentStatus[] = ['created', 'expired']): Promise<boolean> {
    const changed = await this.run(
      db
        .updateTable('payments')
        .set({ status: 'paid', updated_at: now })
        .where('id', '=', id)
        .where((eb) => eb('status', '=', eb.fn.any(eb.val(from)))),
    );
    return changed > 0;
  }

  /** created → expired for every checkout made more than `seconds` ago; answers how many. Any number of callers at once expire each once. */
  @GenerateSql({ params: [1800] })
  expireAbandoned(seconds: number): Promise<number> {
    return this.run(
      db.updateTable('payments').set({ status: 'expired', updated_at: now }).where('status', '=', 'created').where('created_at', '<', secondsAgo(seconds)),
    );
  }

  /** created → expired for this payment if it was made more than `seconds` ago. */
  @GenerateSql({ params: [SAMPLE_ID, 1800] })
  async expireIfAbandoned(id: string, seconds: number): Promise<void> {
    await this.run(
      db
        .updateTable('payments')
        .set({ status: 'expired', updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'created')
        .where('created_at', '<', secondsAgo(seconds)),
    );
  }

  /** The payment, locked for the caller's transaction, if it is 'paid' (waiting to be credited). */
  @GenerateSql({ params: [SAMPLE_ID] })
  async lockPaid(id: string): Promise<CreditablePayment | null> {
    return (await this.first(db.selectFrom('payments').select(CREDITABLE).where('id', '=', id).where('status', '=', 'paid').forUpdate())) ?? null;
  }

  /** paid → refunding: the money must go back (the entry can no longer take votes). */
  @GenerateSql({ params: [SAMPLE_ID] })
  async markRefunding(id: string): Promise<void> {
    await this.run(db.updateTable('payments').set({ status: 'refunding', updated_at: now }).where('id', '=', id).where('status', '=', 'paid'));
  }

  /** paid → credited, only from 'paid': of any number of concurrent or repeated credits exactly one gets the row. */
  @GenerateSql({ params: [SAMPLE_ID] })
  async markCredited(id: string): Promise<CreditablePayment | null> {
    const row = await this.first(
      db
        .updateTable('payments')
        .set({ status: 'credited', credited_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'paid')
        .returning(CREDITABLE),
    );
    return row ?? null;
  }

  /**
   * → refunded from created, paid, credited, refunding or expired, once: answers the payment and
   * whether it had been credited (its votes must go back out), or null when it was refunded already.
   */
  @GenerateSql({ params: [SAMPLE_ID] })
  async markRefunded(id: string): Promise<(CreditablePayment & { wasCredited: boolean }) | null> {
    // The old status is read under the row's lock in the same statement, so two refunds never both see 'credited'.
    const row = await this.first(
      db
        .with('old', (q) => q.selectFrom('payments').select(['id', 'status']).where('id', '=', id).where('status', 'in', REFUNDABLE).forUpdate())
        .updateTable('payments as p')
        .from('old')
        .set({ status: 'refunded', updated_at: now })
        .whereRef('p.id', '=', 'old.id')
        .returning(['p.id', 'p.entry_id as entryId', 'p.votes', 'p.user_id as userId', 'old.status as was']),
    );
    if (!row) return null;
    const { was, ...payment } = row;
    return { ...payment, wasCredited: was === 'credited' };
  }

  /** What the payer's receipt says of a payment and its contestant. */
  @GenerateSql({ params: [SAMPLE_ID] })
  async receipt(id: string): Promise<PaymentReceipt | null> {
    const row = await this.first(
      db
        .selectFrom('payments as p')
        .innerJoin('contestant_profiles as cp', 'cp.id', 'p.profile_id')
        .innerJoin('users as u', 'u.id', 'cp.user_id')
        .select([
          'p.payer_email as payerEmail',
          'p.payer_name as payerName',
          'p.locale',
          'p.votes',
          'p.base_votes as baseVotes',
          'p.amount_minor as amountMinor',
          'p.currency',
          'p.provider',
          'u.first_name as firstName',
          'u.last_name as lastName',
          'u.username',
          sql<boolean>`u.erased_at IS NOT NULL`.as('contestantErased'),
        ])
        .where('p.id', '=', id),
    );
    return row ? { ...row, provider: paymentProvider(row.provider) } : null;
  }

  /** The e-mail address of the contestant's own account, or null when the profile is gone. */
  @GenerateSql({ params: [1] })
  async accountEmail(profileId: number): Promise<string | null> {
    const row = await this.first(
      db.selectFrom('contestant_profiles as p').innerJoin('users as u', 'u.id', 'p.user_id').select('u.email').where('p.id', '=', profileId),
    );
    return row?.email ?? null;
  }

  /** The profile's username. */
  @GenerateSql({ params: [1] })
  async username(profileId: number): Promise<string> {
    const row = await this.first(
      db.selectFrom('contestant_profiles as p').innerJoin('users as u', 'u.id', 'p.user_id').select('u.username').where('p.id', '=', profileId),
    );
    return row?.username ?? '';
  }
}
