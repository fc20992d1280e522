import { Metrics } from '#server/infra/metrics/metrics.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { Transactions } from '#server/infra/database/transactional.js';
import type { StandingsService } from '#server/modules/standings/standings.service.js';
import { CountVotesHandler } from './count-votes.handler.js';
import type { AcceptedVote } from './vote-job.types.js';
import { VotesRepository } from './votes.repository.js';

describe(CountVotesHandler.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let handler: CountVotesHandler;
  /** The groups the handler marked changed, one mark per committed batch and group. */
  const dirty: number[] = [];
  let base: Omit<AcceptedVote, 'voteId'>;

  const counts = async () =>
    (
      await db.pool.query(
        `SELECT e.current_contest_votes, p.total_votes, (SELECT count(*)::int FROM votes) AS ledger
         FROM contest_entries e JOIN contestant_profiles p ON p.id = e.profile_id WHERE e.id = $1`,
        [base.entryId],
      )
    ).rows[0];

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 8)).initialize();
    new Transactions(ds);
    // What the standings do with a mark (a tally per tick) is tested with them; here only the marks are recorded.
    const standings = { changed: (groupId: number) => void dirty.push(groupId) } as unknown as StandingsService;
    handler = new CountVotesHandler(new VotesRepository(ds), standings, new Metrics());

    const { rows } = await db.pool.query(
      `WITH u AS (INSERT INTO users (username, email, password_hash) VALUES ('Mara', 'mara@example.com', 'x') RETURNING id),
            p AS (INSERT INTO contestant_profiles (user_id, category) SELECT id, 'Scream Queens' FROM u RETURNING id, user_id),
            c AS (INSERT INTO contests (name, description, start_date, is_current) VALUES ('Cup', 'd', now(), true) RETURNING id),
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
      username: 'Mara',
      voterHash: 'f'.repeat(64),
      userId: null,
      kind: 'free',
      castAt: new Date().toISOString(),
    };
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should count a vote once however often it is delivered, even simultaneously', async () => {
    const vote = { ...base, voteId: randomUUID() };
    await Promise.all(Array.from({ length: 8 }, () => handler.handle({ votes: [vote] })));
    await handler.handle({ votes: [vote] });
    expect(await counts()).toEqual({ current_contest_votes: 1, total_votes: 1, ledger: 1 });
    // Every delivery marks the group (its tally reads the committed counts), so a repeat can only restate them.
    expect(dirty.length).toBeGreaterThan(0);
    expect(dirty.every((g) => g === base.groupId)).toBe(true);
  });

  it('should count distinct votes each once, a burst in one batch with one mark', async () => {
    const dirty0 = dirty.length;
    await Promise.all(Array.from({ length: 20 }, () => handler.handle({ votes: [{ ...base, voteId: randomUUID() }] })));
    expect(await counts()).toEqual({ current_contest_votes: 21, total_votes: 21, ledger: 21 });
    expect(dirty.slice(dirty0)).toEqual([base.groupId]);
  });

  it("should count the vote of a user deleted since voting, as a visitor's", async () => {
    await handler.handle({ votes: [{ ...base, userId: 2_000_000, voteId: randomUUID() }] });
    expect(await counts()).toEqual({ current_contest_votes: 22, total_votes: 22, ledger: 22 });
  });

  it('should count nothing, and not fail, when the entry was deleted after the vote was accepted', async () => {
    await handler.handle({ votes: [{ ...base, entryId: 2_000_000, voteId: randomUUID() }] });
    expect((await counts()).ledger).toBe(22);
  });

  it('should count a batch whose votes repeat each other and earlier ones exactly once each', async () => {
    const fresh = { ...base, voteId: randomUUID() };
    const earlier = { ...base, voteId: randomUUID() };
    await handler.handle({ votes: [earlier] });
    await Promise.all([handler.handle({ votes: [fresh] }), handler.handle({ votes: [fresh] }), handler.handle({ votes: [earlier] })]);
    expect(await counts()).toEqual({ current_contest_votes: 24, total_votes: 24, ledger: 24 });
  });

  it('should count the votes of one job, and of a job delivered again, each exactly once', async () => {
    const before = (await counts()).ledger;
    const votes = Array.from({ length: 30 }, () => ({ ...base, voteId: randomUUID() }));
    const dirty0 = dirty.length;
    await handler.handle({ votes });
    expect(await counts()).toEqual({ current_contest_votes: before + 30, total_votes: before + 30, ledger: before + 30 });
    // One mark for the whole job.
    expect(dirty.slice(dirty0)).toEqual([base.groupId]);
    // The same job again (a worker died after the commit), and at once a job that overlaps it.
    const extra = { ...base, voteId: randomUUID() };
    await Promise.all([handler.handle({ votes }), handler.handle({ votes: [votes[3], extra, votes[7]] })]);
    expect(await counts()).toEqual({ current_contest_votes: before + 31, total_votes: before + 31, ledger: before + 31 });
  });
});
