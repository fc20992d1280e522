import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One of a contest's rounds (1 to 3, in order of position and of end). At `endsAt` its cut runs once:
 * the top `advancePerGroup` of each group, or the top `advanceTotal` of the contest, advance (ties at
 * the cut all advance) and the rest are eliminated; the last round has no cut and names the winners.
 */
@Entity('contest_rounds')
export class ContestRoundEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id: number;

  @Column({ name: 'contest_id', type: 'integer' })
  contestId: number;

  @Column({ type: 'smallint' })
  position: number;

  @Column({ type: 'varchar', length: 60 })
  name: string;

  @Column({ name: 'ends_at', type: 'timestamptz' })
  endsAt: Date;

  @Column({ name: 'advance_per_group', type: 'integer', nullable: true })
  advancePerGroup: number | null;

  @Column({ name: 'advance_total', type: 'integer', nullable: true })
  advanceTotal: number | null;

  /** Set by the cut, once: a closed round never changes. */
  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt: Date | null;
}
