import { Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { UserEntity } from './user.entity.js';

@Entity('contestant_profiles')
export class ContestantProfileEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @OneToOne(() => UserEntity, (u) => u.profile, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<UserEntity>;

  @Column({ type: 'varchar', length: 32 })
  category: string;

  @Column({ type: 'text', default: '' })
  biography: string;

  @Column({ name: 'pictures_urls', type: 'text', array: true, default: () => "'{}'" })
  picturesUrls: string[];

  @Column({ name: 'total_votes', type: 'integer', default: 0 })
  totalVotes: number;

  /** Credited paid votes less refunds; free votes are total_votes minus these. */
  @Column({ name: 'paid_votes', type: 'integer', default: 0 })
  paidVotes: number;

  @Column({ name: 'profile_views', type: 'integer', default: 0 })
  profileViews: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
