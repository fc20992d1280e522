import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { AuditValues } from '../audit.types.js';

/** One admin action (table admin_audit_log); rows are only ever inserted. */
@Entity('admin_audit_log')
export class AuditEntryEntity {
  /** bigint: the driver answers a string. */
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** The admin's user id at the time; no foreign key, so the entry outlives the account. */
  @Column({ name: 'actor_id', type: 'integer' })
  actorId: number;

  @Column({ name: 'actor_username', type: 'varchar', length: 30 })
  actorUsername: string;

  @Column({ name: 'actor_email', type: 'varchar', length: 254 })
  actorEmail: string;

  @Column({ type: 'varchar', length: 64 })
  action: string;

  @Column({ name: 'target_type', type: 'varchar', length: 32 })
  targetType: string;

  @Column({ name: 'target_id', type: 'integer', nullable: true })
  targetId: number | null;

  @Column({ type: 'jsonb', nullable: true })
  before: AuditValues | null;

  @Column({ type: 'jsonb', nullable: true })
  after: AuditValues | null;
}
