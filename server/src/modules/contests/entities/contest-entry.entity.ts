import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A contestant's place in one contest: one per user and contest, in exactly one group. */
@Entity('contest_entries')
export class ContestEntryEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'profile_id', type: 'integer' })
  profileId: number;

  @Column({ name: 'contest_id', type: 'integer' })
  contestId: number;

  @Column({ name: 'group_id', type: 'integer' })
  groupId: number;

  @Column({ name: 'current_contest_votes', type: 'integer', default: 0 })
  currentContestVotes: number;

  /** One way: an admin eliminates, nobody un-eliminates. */
  @Column({ name: 'is_eliminated', type: 'boolean', default: false })
  isEliminated: boolean;

  @Column({ name: 'joined_at', type: 'timestamptz', default: () => 'now()' })
  joinedAt: Date;
}
