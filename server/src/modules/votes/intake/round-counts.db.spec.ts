import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { Transactions } from '#server/infra/database/transactional.js';
import { RoundsRepository } from '#server/modules/contests/rounds.repository.js';
import type { AcceptedVote } from './vote-job.types.js';
import { VoteReviewRepository } from '../review/vote-review.repository.js';
import { VotesRepository } from './votes.repository.js';

// An entry whose votes restarted at a cut: every writer of its counters (counting, paid credits,
// refunds, voids) adds a ledger row to them only when the row is dated in the entry's round, so the
// counters always equal what a restart computes from the ledger.
describe('counts of a round whose votes restarted', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let votes: VotesRepository;
  let reviews: VoteReviewRepository;
  let rounds: RoundsRepository;
  let base: Omit<AcceptedVote, 'voteId' | 'castAt'>;

  const counts = async () =>
    (
      await db.pool.query(
        `SELECT e.current_contest_votes AS entry, e.paid_votes AS paid, p.total_votes AS profile, (SELECT count(*)::int FROM votes) AS ledger
         FROM contest_entries e JOIN contestant_profiles p ON p.id = e.profile_id WHERE e.id = $1`,
        [base.entryId],
      )
    ).rows[0] as { entry: number; paid: number; profile: number; ledger: number };
  const vote = (castAt: Date) => votes.record([{ ...base, voteId: randomUUID(), castAt: castAt.toISOString() }]);

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 4)).initialize();
    new Transactions(ds);
    votes = new VotesRepository(ds);
    reviews = new VoteReviewRepository(ds);
    rounds = new RoundsRepository(ds);
    const { rows } = await db.pool.query(
      `WITH u AS (INSERT INTO users (username, email, password_hash) VALUES ('Vera', 'vera@example.com', 'x') RETURNING id),
            p AS (INSERT INTO contestant_profiles (user_id, category) SELECT id, 'Scream Queens' FROM u RETURNING id, user_id),
            c AS (INSERT INTO contests (name, description, start_date, is_current, carry_votes) VALUES ('Cup', 'd', now() - interval '2 hours', true, false) RETURNING id),
            g AS (INSERT INTO groups (contest_id, group_number, current_contestants_count) SELECT id, 1, 1 FROM c RETURNING id, contest_id),
            e AS (INSERT INTO contest_entries (user_id, profile_id, contest_id, group_id)
                  SELECT p.user_id, p.id, g.contest_id, g.id FROM p, g RETURNING id, profile_id, contest_id, group_id)
       SELECT * FROM e`,
    );
    const e = rows[0];
    base = {
      profileId: e.profile_id,
      entryId: e.id,
      contestId: e.contest_id,
      groupId: e.group_id,
      username: 'Vera',
      voterHash: 'f'.repeat(64),
      userId: null,
      kind: 'free',
    };
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should count, credit, refund and void each row in its own round only', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000);
    await vote(hourAgo);
    const payment = randomUUID();
    expect(await votes.recordPaid({ paymentId: payment, entryId: base.entryId, votes: 5, userId: null })).toBe(true);
    expect(await counts()).toEqual({ entry: 6, paid: 5, profile: 6, ledger: 2 });

    // The cut: a new round from a moment after those votes.
    const cutAt = new Date(Date.now() + 50);
    await new Promise((r) => setTimeout(r, 100));
    await rounds.restartVotes(base.contestId, cutAt);
    expect(await counts()).toEqual({ entry: 0, paid: 0, profile: 6, ledger: 2 });

    // Cast before the cut, counted after it: the round before's; cast after it: this round's.
    await vote(new Date(cutAt.getTime() - 1000));
    await vote(new Date());
    expect(await counts()).toEqual({ entry: 1, paid: 0, profile: 8, ledger: 4 });
    // The refund of a credit from before the cut is dated like it: the new round loses nothing (and no counter goes below zero).
    await votes.recordPaid({ paymentId: randomUUID(), entryId: base.entryId, votes: -5, userId: null, reverses: payment });
    expect(await counts()).toEqual({ entry: 1, paid: 0, profile: 3, ledger: 5 });
    // A credit of this round counts in it.
    await votes.recordPaid({ paymentId: randomUUID(), entryId: base.entryId, votes: 3, userId: null });
    expect(await counts()).toEqual({ entry: 4, paid: 3, profile: 6, ledger: 6 });
    // A void of the round before's free votes lowers the profile's total, not the round's count.
    const target = { entryId: base.entryId, profileId: base.profileId, contestId: base.contestId };
    expect(await reviews.voidVotes(target, new Date(hourAgo.getTime() - 1000), cutAt, null)).toBe(2);
    expect(await counts()).toEqual({ entry: 4, paid: 3, profile: 4, ledger: 8 });
    // A void of this round's free vote lowers both.
    expect(await reviews.voidVotes(target, cutAt, new Date(Date.now() + 60_000), null)).toBe(1);
    expect(await counts()).toEqual({ entry: 3, paid: 3, profile: 3, ledger: 9 });

    // The counters are what the ledger says of the round: a restart at the same moment changes nothing.
    await rounds.restartVotes(base.contestId, cutAt);
    expect(await counts()).toEqual({ entry: 3, paid: 3, profile: 3, ledger: 9 });
    // Ranked as of the cut's moment the round's votes are none yet; as of now, the three.
    expect((await rounds.ranked(base.contestId, false, cutAt)).map((e) => e.votes)).toEqual([0]);
    expect((await rounds.ranked(base.contestId, false, new Date(Date.now() + 60_000))).map((e) => e.votes)).toEqual([3]);
  });
});
