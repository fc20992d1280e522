import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('groups')
export class GroupEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id: number;

  @Column({ name: 'contest_id', type: 'integer' })
  contestId: number;

  @Column({ name: 'group_number', type: 'integer' })
  groupNumber: number;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;

  /** Entries placed in the group, kept in the same transaction as every insert and delete of one. */
  @Column({ name: 'current_contestants_count', type: 'integer', default: 0 })
  currentContestantsCount: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
