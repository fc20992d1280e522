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

  /**
   * The votes of the race the entry is in: the ledger's weights dated at or after round_started_at
   * (all of the contest's while votes carry over).
   */
  @Column({ name: 'current_contest_votes', type: 'integer', default: 0 })
  currentContestVotes: number;

  /** When the entry's current count began: a cut of a contest whose votes restart sets it to the round's end; null: the contest's start. */
  @Column({ name: 'round_started_at', type: 'timestamptz', nullable: true })
  roundStartedAt: Date | null;

  /** One way: an admin eliminates, nobody un-eliminates. */
  @Column({ name: 'is_eliminated', type: 'boolean', default: false })
  isEliminated: boolean;

  /** The round whose cut eliminated the entry (null: not eliminated, or by an admin's hand). */
  @Column({ name: 'eliminated_in_round', type: 'integer', nullable: true })
  eliminatedInRound: number | null;

  /** A winner's place (1 to 5), set when the last round closes. */
  @Column({ name: 'winner_place', type: 'smallint', nullable: true })
  winnerPlace: number | null;

  @Column({ name: 'joined_at', type: 'timestamptz', default: () => 'now()' })
  joinedAt: Date;
}
