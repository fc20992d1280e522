import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aContest, aGroup, anEntry, aUser, aVote } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { currentManager, Transactions } from '#server/infra/database/transactional.js';
import { VoteReviewRepository } from './vote-review.repository.js';

const MINUTE = 60_000;
const hash = (c: string) => c.repeat(64);

describe(VoteReviewRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let reviews: VoteReviewRepository;
  let transactions: Transactions;
  let contestId: number;
  let groupId: number;
  let start: Date;
  let vera: Awaited<ReturnType<typeof anEntry>>;
  let olga: Awaited<ReturnType<typeof anEntry>>;
  /** The end of the scoring window the ledger below is laid out around. */
  const T = Math.floor(Date.now() / 1000) * 1000;
  const at = (minutesBefore: number) => new Date(T - minutesBefore * MINUTE);

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    transactions = new Transactions(ds);
    reviews = new VoteReviewRepository(ds);
    start = new Date(T - 2 * 24 * 60 * MINUTE);
    contestId = (await aContest(db, { start_date: start })).id;
    groupId = (await aGroup(db, contestId, { group_number: 4 })).id;
    const c = { contestId, groupId };
    vera = await anEntry(db, c, { username: 'Vera' });
    olga = await anEntry(db, c, { username: 'Olga' });
    await db.pool.query(`UPDATE users SET first_name = 'Vera', last_name = 'Vane' WHERE id = $1`, [vera.userId]);

    // Vera: a network seen in the window before, then a new network voting every minute from one block.
    await aVote(db, vera.entryId, { created_at: at(15), network_hash: hash('2'), block_hash: hash('c') });
    for (const m of [9, 8, 7, 6]) await aVote(db, vera.entryId, { created_at: at(m), network_hash: hash('1'), block_hash: hash('b') });
    await aVote(db, vera.entryId, { created_at: at(5), network_hash: hash('2'), block_hash: hash('c') });
    // A voided vote counts nowhere.
    const voided = await aVote(db, vera.entryId, { created_at: at(4.5), network_hash: hash('1'), block_hash: hash('b') });
    await aVote(db, vera.entryId, { created_at: at(4.5), kind: 'void', weight: -1, reverses: voided.id, network_hash: hash('1'), block_hash: hash('b') });
    // Paid votes are not scored.
    await aVote(db, vera.entryId, { created_at: at(4), kind: 'paid', weight: 10 });
    // Olga: too few votes in the window to be scored.
    await aVote(db, olga.entryId, { created_at: at(3), network_hash: hash('3'), block_hash: hash('d') });
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should bound the statements of the caller’s transaction only', async () => {
    const inside = await transactions.run(async () => {
      await reviews.limitStatementTime(1234.4);
      return (await currentManager(ds).query(`SELECT current_setting('statement_timeout') AS t`))[0].t;
    });
    expect(inside).toBe('1234ms');
    const { rows } = await db.pool.query(`SELECT current_setting('statement_timeout') AS t`);
    expect(rows[0].t).toBe('0');
  });

  it('should claim a scoring slot once and let go of slots older than a day', async () => {
    const slot = new Date(T);
    const old = new Date(T - 25 * 60 * MINUTE);
    expect(await transactions.run(() => reviews.claimScoring(old))).toBe(true);
    expect(await transactions.run(() => reviews.claimScoring(slot))).toBe(true);
    expect(await transactions.run(() => reviews.claimScoring(slot))).toBe(false);
    const { rows } = await db.pool.query('SELECT slot FROM vote_scorings ORDER BY slot');
    expect(rows).toEqual([{ slot }]);
  });

  it('should find the current contest while it runs, and tell which contests exist', async () => {
    expect(await reviews.currentContestId()).toBe(contestId);
    expect(await reviews.runningContest(new Date(T))).toEqual({ id: contestId, startDate: start });
    expect(await reviews.runningContest(new Date(start.getTime() - 1000))).toBeNull();
    expect(await reviews.contestExists(contestId)).toBe(true);
    expect(await reviews.contestExists(-1)).toBe(false);
  });

  it("should read the window's free votes per entry: counts, busiest block, new networks and gaps", async () => {
    expect(await reviews.entryStats(contestId, at(20), at(10), at(0), 3)).toEqual([
      { entryId: vera.entryId, recent: 5, firstAt: at(9), topBlockVotes: 4, newVoterVotes: 4, meanGapSeconds: 60, sdGapSeconds: 0 },
    ]);
    // With a lower bar Olga is read too: one vote, no gap; her network is new and hers alone.
    const low = await reviews.entryStats(contestId, at(20), at(10), at(0), 1);
    expect(low.find((s) => s.entryId === olga.entryId)).toEqual({
      entryId: olga.entryId,
      recent: 1,
      firstAt: at(3),
      topBlockVotes: 1,
      newVoterVotes: 1,
      meanGapSeconds: null,
      sdGapSeconds: null,
    });
    expect(await reviews.entryStats(contestId, at(20), at(10), at(0), 6)).toEqual([]);
  });

  it("should count each entry's free votes not voided in an hour, and list its busiest blocks", async () => {
    expect(await reviews.freeVotesPerEntry(contestId, at(20), at(0))).toEqual(
      new Map([
        [vera.entryId, 6],
        [olga.entryId, 1],
      ]),
    );
    expect(await reviews.freeVotesPerEntry(contestId, at(20), at(5))).toEqual(new Map([[vera.entryId, 5]]));
    expect(await reviews.topBlocks([vera.entryId, olga.entryId], at(20), 5)).toEqual(
      new Map([
        [
          vera.entryId,
          [
            { network_hash: hash('b'), votes: 4 },
            { network_hash: hash('c'), votes: 2 },
          ],
        ],
        [olga.entryId, [{ network_hash: hash('d'), votes: 1 }]],
      ]),
    );
    expect(await reviews.topBlocks([vera.entryId], at(20), 1)).toEqual(new Map([[vera.entryId, [{ network_hash: hash('b'), votes: 4 }]]]));
  });

  it('should save flags, keep an episode’s start while it is fresh, and never take a flag back in time', async () => {
    const rate = { entryId: vera.entryId, kind: 'rate' as const, detail: 'fast', votes: 5, since: at(9) };
    const regular = { entryId: vera.entryId, kind: 'regular_intervals' as const, detail: 'timer', votes: 5, since: at(9) };
    await reviews.saveFlags(contestId, [rate, regular, { ...rate, entryId: -1 }], at(2), at(10));
    await reviews.saveFlags(contestId, [], at(1), at(10));
    expect(await reviews.flaggedEntries(contestId, at(3))).toEqual([vera.entryId]);
    expect(await reviews.flaggedEntries(contestId, at(2))).toEqual([]);
    const row = {
      entry_id: vera.entryId,
      username: 'Vera',
      first_name: 'Vera',
      last_name: 'Vane',
      group_number: 4,
      current_contest_votes: 0,
      paid_votes: 0,
    };
    expect(await reviews.flags(contestId, at(60))).toEqual([
      { ...row, kind: 'rate', detail: 'fast', votes: 5, since: at(9), last_seen: at(2) },
      { ...row, kind: 'regular_intervals', detail: 'timer', votes: 5, since: at(9), last_seen: at(2) },
    ]);

    // Seen again while fresh: the same episode keeps its start.
    await reviews.saveFlags(contestId, [{ ...rate, detail: 'faster', votes: 7, since: at(3) }], at(1), at(2));
    // A late scoring of an older slot changes nothing.
    await reviews.saveFlags(contestId, [{ ...rate, detail: 'stale', since: at(30) }], at(1.5), at(60));
    // A skipped scoring keeps the fresh flags in force.
    await reviews.keepFlags(at(0.5), at(1));
    expect(await reviews.flags(contestId, at(60))).toEqual([
      { ...row, kind: 'rate', detail: 'faster', votes: 7, since: at(9), last_seen: at(0.5) },
      { ...row, kind: 'regular_intervals', detail: 'timer', votes: 5, since: at(9), last_seen: at(2) },
    ]);
    // Seen again after it went stale: a new episode.
    await reviews.saveFlags(contestId, [{ ...regular, since: at(0.4) }], at(0.25), at(1));
    expect((await reviews.flags(contestId, at(1))).map((f) => [f.kind, f.since])).toEqual([
      ['regular_intervals', at(0.4)],
      ['rate', at(9)],
    ]);
    expect(await reviews.flags(contestId, at(0))).toEqual([]);
  });

  it("should void an entry's free votes once, lowering its counters, and keep each void's record", async () => {
    const c = { contestId, groupId };
    const nora = await anEntry(db, c, { username: 'Nora', entry: { current_contest_votes: 13 } });
    await db.pool.query('UPDATE contestant_profiles SET total_votes = 13 WHERE id = $1', [nora.profileId]);
    await aVote(db, nora.entryId, { created_at: at(30), network_hash: hash('7') });
    await aVote(db, nora.entryId, { created_at: at(29), network_hash: hash('8'), block_hash: hash('7') });
    await aVote(db, nora.entryId, { created_at: at(28), network_hash: hash('9') });
    await aVote(db, nora.entryId, { created_at: at(10), network_hash: hash('7') });
    await aVote(db, nora.entryId, { created_at: at(29), kind: 'paid', weight: 10 });
    const counters = async () =>
      (
        await db.pool.query(
          `SELECT e.current_contest_votes AS entry, p.total_votes AS profile FROM contest_entries e JOIN contestant_profiles p ON p.id = e.profile_id WHERE e.id = $1`,
          [nora.entryId],
        )
      ).rows[0];

    const target = await reviews.voidTarget(nora.entryId);
    expect(target).toEqual({ entryId: nora.entryId, profileId: nora.profileId, contestId });
    expect(await reviews.voidTarget(-1)).toBeNull();
    // One network or block, in [from, to).
    expect(await transactions.run(() => reviews.voidVotes(target!, at(31), at(10), hash('7')))).toBe(2);
    expect(await counters()).toEqual({ entry: 11, profile: 11 });
    // Every network; the votes already voided and the paid ones stay as they are.
    expect(await transactions.run(() => reviews.voidVotes(target!, at(31), at(0), null))).toBe(2);
    expect(await transactions.run(() => reviews.voidVotes(target!, at(31), at(0), null))).toBe(0);
    expect(await counters()).toEqual({ entry: 9, profile: 9 });
    const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM votes WHERE entry_id = $1 AND kind = 'void'`, [nora.entryId]);
    expect(rows[0].n).toBe(4);

    const admin = await aUser(db);
    const first = await reviews.insertReview(target!, { from: at(31), to: at(10), network: hash('7'), reason: 'One block', removed: 2, actorId: admin.id });
    const second = await reviews.insertReview(target!, { from: at(31), to: at(0), network: null, reason: 'The rest', removed: 2, actorId: admin.id });
    expect(first).toEqual(expect.any(Date));
    const records = [
      { entry_id: nora.entryId, created_at: second, removed: 2, reason: 'The rest' },
      { entry_id: nora.entryId, created_at: first, removed: 2, reason: 'One block' },
    ];
    expect(await reviews.reviewsOfEntries([nora.entryId, vera.entryId])).toEqual(records);
    expect(await reviews.reviewsOfProfile(nora.profileId, 1)).toEqual(records.slice(0, 1));
    expect(await reviews.reviewsOfProfile(vera.profileId, 20)).toEqual([]);
  });
});
