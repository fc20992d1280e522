import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { VoteChallengeMode } from '#contract/votes/constants.js';

@Entity('contests')
export class ContestEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id: number;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ name: 'start_date', type: 'timestamptz' })
  startDate: Date;

  @Column({ name: 'end_date', type: 'timestamptz', nullable: true })
  endDate: Date | null;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;

  /** At most one row holds true (a unique partial index, migration 1767100000000). */
  @Column({ name: 'is_current', type: 'boolean', default: false })
  isCurrent: boolean;

  /** Null: the configured GROUP_CAPACITY_DEFAULT applies (see group-capacity.ts). */
  @Column({ name: 'group_size_cap', type: 'integer', nullable: true })
  groupSizeCap: number | null;

  /** The contest's own rule for the free-vote challenge; null follows VOTE_CHALLENGE. */
  @Column({ name: 'vote_challenge', type: 'varchar', length: 16, nullable: true })
  voteChallenge: VoteChallengeMode | null;

  /** How many the last round names (0 without rounds); tied contestants share a place. */
  @Column({ type: 'smallint', default: 0 })
  winners: number;

  /** The IANA time zone the contest is planned in (its dates are entered and shown in it); times are stored in UTC. */
  @Column({ name: 'time_zone', type: 'varchar', length: 64, default: 'UTC' })
  timeZone: string;

  /** Whether votes carry over to the next round (true) or restart at zero at each cut (false). */
  @Column({ name: 'carry_votes', type: 'boolean', default: true })
  carryVotes: boolean;

  /** The contest's own categories; null: it offers the site's. */
  @Column({ type: 'text', array: true, nullable: true })
  categories: string[] | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
