import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { SupportMessageStatus, SupportTopic } from '#contract/support/constants.js';

/** One message from the contact form, kept for the admin inbox. */
@Entity('support_messages')
export class SupportMessageEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 16 })
  topic: SupportTopic;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'varchar', length: 16, default: 'open' })
  status: SupportMessageStatus;

  /** The signed-in sender, if any (null for visitors, or once the account is deleted). */
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'handled_at', type: 'timestamptz', nullable: true })
  handledAt: Date | null;
}
