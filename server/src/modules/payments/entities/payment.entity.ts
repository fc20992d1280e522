import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PaymentMethod, PaymentStatusName } from '#contract/payments/constants.js';

export type PaymentProviderName = 'test' | 'stripe' | 'paypal';
/** The states and their meaning: contract/payments/constants.ts (PAYMENT_STATUSES). */
export type PaymentStatus = PaymentStatusName;

/** One checkout of a vote package: written before the provider is called, credited once. */
@Entity('payments')
export class PaymentEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'profile_id', type: 'integer' })
  profileId: number;

  @Column({ name: 'entry_id', type: 'integer' })
  entryId: number;

  @Column({ name: 'contest_id', type: 'integer' })
  contestId: number;

  /** The signed-in buyer, if any. */
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  /** Base votes plus the package's bonus: what is credited. */
  @Column({ type: 'integer' })
  votes: number;

  @Column({ name: 'base_votes', type: 'integer' })
  baseVotes: number;

  /** In the currency's minor units (cents; yen have none; fils are thousandths). */
  @Column({ name: 'amount_minor', type: 'integer' })
  amountMinor: number;

  /** ISO 4217, upper case: the offer's currency when the checkout began. */
  @Column({ type: 'char', length: 3 })
  currency: string;

  /** The vote package bought; null for a free amount. */
  @Column({ name: 'package_id', type: 'integer', nullable: true })
  packageId: number | null;

  @Column({ name: 'payer_email', type: 'varchar', length: 254 })
  payerEmail: string;

  @Column({ name: 'payer_name', type: 'varchar', length: 200, nullable: true })
  payerName: string | null;

  /** The language the payer's checkout was started in: the receipt is written in it. */
  @Column({ type: 'text', default: 'en' })
  locale: string;

  @Column({ type: 'varchar', length: 16 })
  provider: PaymentProviderName;

  @Column({ name: 'provider_ref', type: 'varchar', length: 255, nullable: true })
  providerRef: string | null;

  /** What the buyer chose; the provider may be TEST MODE standing in for it. */
  @Column({ type: 'varchar', length: 16 })
  method: PaymentMethod;

  @Column({ type: 'varchar', length: 16, default: 'created' })
  status: PaymentStatus;

  @Column({ name: 'success_url', type: 'varchar', length: 2048 })
  successUrl: string;

  @Column({ name: 'cancel_url', type: 'varchar', length: 2048 })
  cancelUrl: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;

  @Column({ name: 'credited_at', type: 'timestamptz', nullable: true })
  creditedAt: Date | null;
}
