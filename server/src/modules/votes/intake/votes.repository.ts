import { Injectable } from '@nestjs/common';
import { sql, type RawBuilder } from 'kysely';
import { VOTE_CHALLENGE_MODES, type VoteChallengeMode } from '#contract/votes/constants.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import { prepared, queryBuilder as db, unnest } from '#server/infra/database/query-builder.js';
import type { PaidCredit } from './paid-votes.types.js';
import type { AcceptedVote } from './vote-job.types.js';

/** A contestant as a vote needs it: the profile, the current contest and the entry in it. */
export interface VoteTarget {
  profileId: number;
  username: string;
  contest: { id: number; startDate: Date; endDate: Date | null; voteChallenge: VoteChallengeMode | null } | null;
  entry: { id: number; groupId: number; isEliminated: boolean } | null;
}

/** An entry's counts as the counting transaction reads them: what the live events and standings carry. */
export interface EntryCountsRow {
  entryId: number;
  groupId: number;
  profileId: number;
  entryVotes: number;
  /** Of entryVotes, the paid ones. */
  entryPaidVotes: number;
  totalVotes: number;
}

/**
 * Whether a ledger row (alias `v`, a table with created_at) counts in an entry's current count (alias
 * `e`, one with round_started_at): dated at or after the entry's round_started_at (null: the
 * contest's start, so every row).
 */
export const inRound = (v: string, e: string): RawBuilder<boolean> =>
  sql<boolean>`(${sql.ref(`${e}.round_started_at`)} IS NULL OR ${sql.ref(`${v}.created_at`)} >= ${sql.ref(`${e}.round_started_at`)})`;

/** A contest's challenge mode as stored (a CHECK keeps it to the modes; the column's type is text). */
const isChallengeMode = (v: string | null): v is VoteChallengeMode => v !== null && (VOTE_CHALLENGE_MODES as readonly string[]).includes(v);

/** count(*) as a number (PostgreSQL's bigint would come back as a string). */
const countAll = sql<number>`count(*)::int`;

/** The profile by username (any letter case), the current contest and the profile's entry in it. */
const FIND_TARGET = prepared(1, (username: string) =>
  db
    .selectFrom('users as u')
    .innerJoin('contestant_profiles as p', 'p.user_id', 'u.id')
    .leftJoin('contests as c', (join) => join.on('c.is_current', '=', true))
    .leftJoin('contest_entries as e', (join) => join.onRef('e.contest_id', '=', 'c.id').onRef('e.profile_id', '=', 'p.id'))
    .select([
      'p.id as profile_id',
      'u.username',
      'c.id as contest_id',
      'c.start_date',
      'c.end_date',
      'c.vote_challenge',
      'e.id as entry_id',
      'e.group_id',
      'e.is_eliminated',
    ])
    .where((eb) => eb(eb.fn('lower', ['u.username']), '=', eb.fn('lower', [eb.val(username)])))
    // An erased account is no one to vote for.
    .where('u.erased_at', 'is', null),
);

/**
 * Locks the entries, then the profiles, each in id order: every batch of every worker takes its
 * locks in that one order, so two batches can wait for each other but never deadlock.
 */
const LOCK_IN_ID_ORDER = prepared(2, (entryIds: readonly number[], profileIds: readonly number[]) =>
  db
    .with('e', (q) =>
      q
        .selectFrom('contest_entries')
        .select('id')
        .where((eb) => eb('id', '=', eb.fn.any(eb.val(entryIds))))
        .orderBy('id')
        .forUpdate(),
    )
    .with('p', (q) =>
      q
        .selectFrom('contestant_profiles')
        .select('id')
        .where((eb) => eb('id', '=', eb.fn.any(eb.val(profileIds))))
        .orderBy('id')
        .forUpdate(),
    )
    .selectNoFrom((eb) => [eb.selectFrom('e').select(countAll.as('n')).as('entries'), eb.selectFrom('p').select(countAll.as('n')).as('profiles')]),
);

/**
 * The ledger rows and both counters in one statement, from one array per column: only votes whose
 * rows were inserted are added to the counters (VotesRepository.record).
 */
const RECORD_VOTES = prepared(
  11,
  (
    id: string[],
    profileId: number[],
    entryId: number[],
    contestId: number[],
    groupId: number[],
    voterHash: string[],
    userId: (number | null)[],
    kind: string[],
    createdAt: string[],
    networkHash: (string | null)[],
    blockHash: (string | null)[],
  ) => {
    const input = unnest('i', {
      id: ['uuid', id],
      profile_id: ['int', profileId],
      entry_id: ['int', entryId],
      contest_id: ['int', contestId],
      group_id: ['int', groupId],
      voter_hash: ['text', voterHash],
      user_id: ['int', userId],
      kind: ['text', kind],
      created_at: ['timestamptz', createdAt],
      network_hash: ['text', networkHash],
      block_hash: ['text', blockHash],
    });
    return db
      .with('ins', (q) =>
        q
          .insertInto('votes')
          .columns(['id', 'profile_id', 'entry_id', 'contest_id', 'group_id', 'voter_hash', 'user_id', 'kind', 'created_at', 'network_hash', 'block_hash'])
          .expression(
            q
              .selectFrom(input)
              .innerJoin('contest_entries as ce', 'ce.id', 'i.entry_id')
              .leftJoin('users as u', 'u.id', 'i.user_id')
              .select([
                'i.id',
                'i.profile_id',
                'i.entry_id',
                'i.contest_id',
                'i.group_id',
                'i.voter_hash',
                'u.id as user_id',
                'i.kind',
                'i.created_at',
                'i.network_hash',
                'i.block_hash',
              ]),
          )
          .onConflict((oc) => oc.column('id').doNothing())
          .returning(['entry_id', 'profile_id', 'created_at']),
      )
      .with('ec', (q) =>
        q
          .selectFrom('ins')
          .innerJoin('contest_entries as ce', 'ce.id', 'ins.entry_id')
          .where(inRound('ins', 'ce'))
          .groupBy('ins.entry_id')
          .select(['ins.entry_id', countAll.as('n')]),
      )
      .with('pc', (q) =>
        q
          .selectFrom('ins')
          .groupBy('profile_id')
          .select(['profile_id', countAll.as('n')]),
      )
      .with('e', (q) =>
        q
          .updateTable('contest_entries as ce')
          .from('ec')
          .set((eb) => ({ current_contest_votes: eb('ce.current_contest_votes', '+', eb.ref('ec.n')) }))
          .whereRef('ce.id', '=', 'ec.entry_id')
          .returning('ce.id'),
      )
      .with('p', (q) =>
        q
          .updateTable('contestant_profiles as cp')
          .from('pc')
          .set((eb) => ({ total_votes: eb('cp.total_votes', '+', eb.ref('pc.n')) }))
          .whereRef('cp.id', '=', 'pc.profile_id')
          .returning('cp.id'),
      )
      .selectNoFrom((eb) => [
        eb.selectFrom('e').select(countAll.as('n')).as('entries'),
        eb.selectFrom('p').select(countAll.as('n')).as('profiles'),
        eb.selectFrom('ins').select(countAll.as('n')).as('inserted'),
      ]);
  },
);

/** The counts of the entries that still exist, as the transaction sees them. */
const ENTRY_COUNTS = prepared(1, (entryIds: readonly number[]) =>
  db
    .selectFrom('contest_entries as e')
    .innerJoin('contestant_profiles as p', 'p.id', 'e.profile_id')
    .select([
      'e.id as entryId',
      'e.group_id as groupId',
      'p.id as profileId',
      'e.current_contest_votes as entryVotes',
      'e.paid_votes as entryPaidVotes',
      'p.total_votes as totalVotes',
    ])
    .where((eb) => eb('e.id', '=', eb.fn.any(eb.val(entryIds)))),
);

/**
 * The vote ledger and counters, and the lookup the vote call starts with. The counting transaction
 * (count-votes.handler.ts) runs lockInIdOrder, record and entryCounts, in this order.
 */
@Injectable()
export class VotesRepository extends BaseRepository {
  @GenerateSql({ params: [1] })
  async usernameOfProfile(profileId: number): Promise<string | null> {
    const row = await this.first(
      this.db.selectFrom('contestant_profiles as p').innerJoin('users as u', 'u.id', 'p.user_id').select('u.username').where('p.id', '=', profileId),
    );
    return row?.username ?? null;
  }

  /** One query: the profile by username (any letter case), the current contest and the profile's entry in it. */
  @GenerateSql({ params: ['Vera'] })
  async findTarget(username: string): Promise<VoteTarget | null> {
    const r = await this.first(FIND_TARGET(username));
    if (!r) return null;
    return {
      profileId: r.profile_id,
      username: r.username,
      contest:
        r.contest_id === null
          ? null
          : { id: r.contest_id, startDate: r.start_date!, endDate: r.end_date, voteChallenge: isChallengeMode(r.vote_challenge) ? r.vote_challenge : null },
      entry: r.entry_id === null ? null : { id: r.entry_id, groupId: r.group_id!, isEliminated: r.is_eliminated! },
    };
  }

  /**
   * Locks the entries, then the profiles, each in id order: every batch of every worker takes its
   * locks in that one order, so two batches can wait for each other but never deadlock. Taken first
   * in a counting transaction.
   */
  @GenerateSql({
    params: [
      [1, 2],
      [1, 2],
    ],
  })
  async lockInIdOrder(entryIds: readonly number[], profileIds: readonly number[]): Promise<void> {
    await this.rows(LOCK_IN_ID_ORDER(entryIds, profileIds));
  }

  /**
   * Writes the votes to the ledger and adds the newly written ones to the counters, in one
   * statement: only votes whose rows were inserted (not already in the ledger: a redelivered job)
   * are added, so a repeat counts nothing again. A vote for an entry deleted since it was accepted is
   * dropped; a voter whose account was deleted is recorded as a visitor. The entry's count takes only
   * votes dated in its current round (inRound): a vote cast before a cut that restarted the votes,
   * counted after it, belongs to the round before. `votes` holds each vote id once. Answers how many
   * were new to the ledger.
   */
  @GenerateSql({
    params: [
      [
        {
          voteId: '00000000-0000-4000-8000-000000000001',
          profileId: 1,
          entryId: 1,
          contestId: 1,
          groupId: 1,
          username: 'Vera',
          voterHash: 'f'.repeat(64),
          networkHash: 'a'.repeat(64),
          blockHash: 'b'.repeat(64),
          userId: null,
          kind: 'free',
          castAt: '2026-01-01T12:00:00.000Z',
        },
      ],
    ],
  })
  async record(votes: readonly AcceptedVote[]): Promise<number> {
    const row = await this.first(
      RECORD_VOTES(
        votes.map((v) => v.voteId),
        votes.map((v) => v.profileId),
        votes.map((v) => v.entryId),
        votes.map((v) => v.contestId),
        votes.map((v) => v.groupId),
        votes.map((v) => v.voterHash),
        votes.map((v) => v.userId),
        votes.map((v) => v.kind),
        votes.map((v) => v.castAt),
        votes.map((v) => v.networkHash ?? null),
        votes.map((v) => v.blockHash ?? null),
      ),
    );
    return row?.inserted ?? 0;
  }

  /** Whether any of these votes is in the ledger. */
  @GenerateSql({ params: [['00000000-0000-4000-8000-000000000001']] })
  async anyRecorded(voteIds: readonly string[]): Promise<boolean> {
    const row = await this.first(
      this.db
        .selectFrom('votes')
        .select('id')
        .where((eb) => eb('id', '=', eb.fn.any(eb.val([...voteIds]))))
        .limit(1),
    );
    return row !== undefined;
  }

  /**
   * A paid credit: one ledger row of kind 'paid' whose id is the payment's id and whose weight is its
   * votes, and the counters (total and paid) moved by that weight, only if the row was inserted. A
   * refund is the same statement with a new row id and the negative weight, dated like the credit it
   * reverses, as a void is: it takes the votes back from the round they counted in. The entry's
   * counters move only for a row dated in its current round (inRound). false: already in the ledger.
   */
  @GenerateSql({ params: [{ paymentId: '00000000-0000-4000-8000-000000000002', entryId: 1, votes: 10, userId: 1 }] })
  async recordPaid(credit: PaidCredit): Promise<boolean> {
    const row = await this.first(
      this.db
        .with('ins', (db) =>
          db
            .insertInto('votes')
            .columns(['id', 'profile_id', 'entry_id', 'contest_id', 'group_id', 'voter_hash', 'user_id', 'kind', 'weight', 'created_at'])
            .expression(
              db
                .selectFrom('contest_entries as ce')
                .leftJoin('users as u', (join) => join.on('u.id', '=', credit.userId))
                .select((eb) => [
                  sql<string>`${credit.paymentId}::uuid`.as('id'),
                  'ce.profile_id',
                  'ce.id as entry_id',
                  'ce.contest_id',
                  'ce.group_id',
                  sql<null>`NULL`.as('voter_hash'),
                  'u.id as user_id',
                  sql<string>`'paid'`.as('kind'),
                  sql<number>`${credit.votes}::int`.as('weight'),
                  eb.fn
                    .coalesce(
                      eb
                        .selectFrom('votes as c')
                        .select('c.created_at')
                        .where('c.id', '=', sql<string>`${credit.reverses ?? null}::uuid`),
                      sql<Date>`now()`,
                    )
                    .as('created_at'),
                ])
                .where('ce.id', '=', credit.entryId),
            )
            .onConflict((oc) => oc.column('id').doNothing())
            .returning(['entry_id', 'profile_id', 'weight', 'created_at']),
        )
        .with('e', (db) =>
          db
            .updateTable('contest_entries as ce')
            .from('ins')
            .set((eb) => ({
              current_contest_votes: eb('ce.current_contest_votes', '+', eb.ref('ins.weight')),
              paid_votes: eb('ce.paid_votes', '+', eb.ref('ins.weight')),
            }))
            .whereRef('ce.id', '=', 'ins.entry_id')
            .where(inRound('ins', 'ce'))
            .returning('ce.id'),
        )
        .with('p', (db) =>
          db
            .updateTable('contestant_profiles as cp')
            .from('ins')
            .set((eb) => ({
              total_votes: eb('cp.total_votes', '+', eb.ref('ins.weight')),
              paid_votes: eb('cp.paid_votes', '+', eb.ref('ins.weight')),
            }))
            .whereRef('cp.id', '=', 'ins.profile_id')
            .returning('cp.id'),
        )
        .selectNoFrom((eb) => [
          eb.selectFrom('ins').select(countAll.as('n')).as('inserted'),
          eb.selectFrom('e').select(countAll.as('n')).as('entries'),
          eb.selectFrom('p').select(countAll.as('n')).as('profiles'),
        ]),
    );
    return (row?.inserted ?? 0) > 0;
  }

  /**
   * Whether an entry is eliminated and when its contest ends; null when the entry is gone. `lock`
   * holds the entry row (FOR UPDATE, as lockInIdOrder does first) until the caller's transaction ends.
   */
  @GenerateSql({ name: 'read', params: [1, false] }, { name: 'locked', params: [1, true] })
  async entryStanding(entryId: number, lock: boolean): Promise<{ isEliminated: boolean; endDate: Date | null } | null> {
    const query = this.db
      .selectFrom('contest_entries as e')
      .innerJoin('contests as c', 'c.id', 'e.contest_id')
      .select(['e.is_eliminated', 'c.end_date'])
      .where('e.id', '=', entryId);
    const r = await this.first(lock ? query.forUpdate(['e']) : query);
    return r ? { isEliminated: r.is_eliminated, endDate: r.end_date } : null;
  }

  /** The entry's profile id, or null when the entry is gone. */
  @GenerateSql({ params: [1] })
  async entryProfile(entryId: number): Promise<number | null> {
    const row = await this.first(this.db.selectFrom('contest_entries').select('profile_id').where('id', '=', entryId));
    return row?.profile_id ?? null;
  }

  /** The counts of the entries that still exist, as the transaction sees them (absolute, so a repeat only restates them). */
  @GenerateSql({ params: [[1, 2]] })
  async entryCounts(entryIds: readonly number[]): Promise<EntryCountsRow[]> {
    return this.rows(ENTRY_COUNTS(entryIds));
  }
}
