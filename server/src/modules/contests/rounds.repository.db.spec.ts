import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aContest, aGroup, anEntry, aRound, aVote } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { Transactions } from '#server/infra/database/transactional.js';
import { RoundsRepository } from './rounds.repository.js';

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

describe(RoundsRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let rounds: RoundsRepository;
  let transactions: Transactions;

  type Entry = Awaited<ReturnType<typeof anEntry>> & { contestId: number; groupId: number };

  /** A contest (not current) with two groups: Ada, Bea and Cid in the first, Dan and Eve in the second. */
  async function aRace() {
    const contest = await aContest(db, { is_current: false });
    const g1 = await aGroup(db, contest.id, { group_number: 1 });
    const g2 = await aGroup(db, contest.id, { group_number: 2 });
    const enter = async (groupId: number, name: string): Promise<Entry> => ({
      ...(await anEntry(db, { contestId: contest.id, groupId }, { username: `${name}_${contest.id}` })),
      contestId: contest.id,
      groupId,
    });
    const ada = await enter(g1.id, 'Ada');
    const bea = await enter(g1.id, 'Bea');
    const cid = await enter(g1.id, 'Cid');
    const dan = await enter(g2.id, 'Dan');
    const eve = await enter(g2.id, 'Eve');
    return { contestId: contest.id, g1: g1.id, g2: g2.id, ada, bea, cid, dan, eve };
  }

  const setEntry = (entryId: number, set: string, values: unknown[] = []) =>
    db.pool.query(`UPDATE contest_entries SET ${set} WHERE id = $1`, [entryId, ...values]);
  const entryRow = async (entryId: number) =>
    (
      await db.pool.query(
        'SELECT current_contest_votes, paid_votes, round_started_at, is_eliminated, eliminated_in_round, below_cut, winner_place FROM contest_entries WHERE id = $1',
        [entryId],
      )
    ).rows[0];
  const ranks = (rows: { entry_id: number; votes: number; rank: number }[]) => rows.map((r) => [r.entry_id, r.votes, r.rank]);

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 3)).initialize();
    transactions = new Transactions(ds);
    rounds = new RoundsRepository(ds);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should read, lock, list and replace rounds, keeping closed ones and the ids of the positions kept', async () => {
    const { id: contestId } = await aContest(db, { is_current: false });
    const { id: otherId } = await aContest(db, { is_current: false });
    const first = await aRound(db, contestId, { position: 1, name: 'Heats', ends_at: ago(1), advance_per_group: 2, closed_at: ago(1) });
    const second = await aRound(db, contestId, { position: 2, name: 'Semis', ends_at: new Date(Date.now() + 2 * HOUR), advance_total: 4 });
    await aRound(db, contestId, { position: 3, name: 'Final', ends_at: new Date(Date.now() + 3 * HOUR) });
    const other = await aRound(db, otherId, { position: 1, name: 'Only', ends_at: new Date(Date.now() + HOUR) });

    const byContest = await rounds.ofContests([contestId, otherId, -1]);
    expect(byContest.get(contestId)?.map((r) => [r.position, r.name, r.advancePerGroup, r.advanceTotal])).toEqual([
      [1, 'Heats', 2, null],
      [2, 'Semis', null, 4],
      [3, 'Final', null, null],
    ]);
    expect(byContest.get(otherId)?.map((r) => r.id)).toEqual([other.id]);
    expect(byContest.get(-1)).toEqual([]);
    expect((await rounds.ofContests([])).size).toBe(0);

    const read = await rounds.findById(first.id);
    expect(read).toEqual({
      id: first.id,
      contestId,
      position: 1,
      name: 'Heats',
      endsAt: expect.any(Date),
      advancePerGroup: 2,
      advanceTotal: null,
      closedAt: expect.any(Date),
    });
    expect(await rounds.findById(-1)).toBeNull();
    expect(await transactions.run(() => rounds.lockById(second.id))).toMatchObject({ id: second.id, name: 'Semis' });
    expect(await transactions.run(() => rounds.lockById(-1))).toBeNull();

    expect(await rounds.anyClosed(contestId)).toBe(true);
    expect(await rounds.anyClosed(otherId)).toBe(false);
    const open = (await rounds.open()).filter((r) => r.contestId === contestId || r.contestId === otherId);
    expect(open.map((r) => r.name)).toEqual(['Only', 'Semis', 'Final']);

    const endsAt = new Date(Date.now() + 5 * HOUR);
    const stored = await rounds.replaceOpen(contestId, 2, [{ name: 'Last', endsAt, advancePerGroup: null, advanceTotal: null }]);
    expect(stored.map((r) => [r.id, r.position, r.name, r.closedAt === null])).toEqual([
      [first.id, 1, 'Heats', false],
      [second.id, 2, 'Last', true],
    ]);
    expect(stored[1].endsAt.getTime()).toBe(endsAt.getTime());
    const grown = await rounds.replaceOpen(contestId, 2, [
      { name: 'Semis', endsAt, advancePerGroup: 1, advanceTotal: null },
      { name: 'Final', endsAt: new Date(endsAt.getTime() + HOUR), advancePerGroup: null, advanceTotal: null },
    ]);
    expect(grown.map((r) => [r.position, r.name, r.advancePerGroup])).toEqual([
      [1, 'Heats', 2],
      [2, 'Semis', 1],
      [3, 'Final', null],
    ]);
    expect(grown[1].id).toBe(second.id);
  });

  it('should rank the race by the counters, ties sharing a rank and the next rank skipping, in groups or in the contest', async () => {
    const race = await aRace();
    for (const [e, n] of [
      [race.ada, 5],
      [race.bea, 5],
      [race.cid, 3],
      [race.dan, 7],
      [race.eve, 9],
    ] as const)
      await setEntry(e.entryId, 'current_contest_votes = $2', [n]);
    await setEntry(race.eve.entryId, 'is_eliminated = true');

    const perGroup = await rounds.rankedNow(race.contestId, true);
    expect(ranks(perGroup)).toEqual([
      [race.ada.entryId, 5, 1],
      [race.bea.entryId, 5, 1],
      [race.cid.entryId, 3, 3],
      [race.dan.entryId, 7, 1],
    ]);
    expect(perGroup[0]).toEqual({
      entry_id: race.ada.entryId,
      user_id: race.ada.userId,
      username: race.ada.username,
      group_id: race.g1,
      group_number: 1,
      votes: 5,
      rank: 1,
    });
    expect(ranks(await rounds.rankedNow(race.contestId, false))).toEqual([
      [race.ada.entryId, 5, 2],
      [race.bea.entryId, 5, 2],
      [race.cid.entryId, 3, 4],
      [race.dan.entryId, 7, 1],
    ]);
    // A withdrawn entry (its account erased) is out of the race.
    await setEntry(race.dan.entryId, 'withdrawn_at = now()');
    expect(ranks(await rounds.rankedNow(race.contestId, false))).toEqual([
      [race.ada.entryId, 5, 1],
      [race.bea.entryId, 5, 1],
      [race.cid.entryId, 3, 3],
    ]);
  });

  it("should rank the race by the ledger before a time, counting each entry's rows from its round's start", async () => {
    const race = await aRace();
    const asOf = ago(0.5);
    await aVote(db, race.ada.entryId, { kind: 'paid', weight: 4, created_at: ago(3) });
    await aVote(db, race.bea.entryId, { created_at: ago(3) });
    await aVote(db, race.bea.entryId, { kind: 'paid', weight: 3, created_at: ago(2) });
    // Cid's count restarted two hours ago: the rows before it are another round's.
    await setEntry(race.cid.entryId, 'round_started_at = $2', [ago(2)]);
    await aVote(db, race.cid.entryId, { kind: 'paid', weight: 10, created_at: ago(3) });
    await aVote(db, race.cid.entryId, { created_at: ago(1) });
    // Dan's big row is dated after the time ranked at.
    await aVote(db, race.dan.entryId, { created_at: ago(1) });
    await aVote(db, race.dan.entryId, { kind: 'paid', weight: 9, created_at: ago(0.1) });
    await aVote(db, race.eve.entryId, { kind: 'paid', weight: 20, created_at: ago(3) });
    await setEntry(race.eve.entryId, 'is_eliminated = true');

    expect(ranks(await rounds.ranked(race.contestId, true, asOf))).toEqual([
      [race.ada.entryId, 4, 1],
      [race.bea.entryId, 4, 1],
      [race.cid.entryId, 1, 3],
      [race.dan.entryId, 1, 1],
    ]);
    expect(ranks(await rounds.ranked(race.contestId, false, asOf))).toEqual([
      [race.ada.entryId, 4, 1],
      [race.bea.entryId, 4, 1],
      [race.cid.entryId, 1, 3],
      [race.dan.entryId, 1, 3],
    ]);
    expect(ranks(await rounds.ranked(race.contestId, true, ago(4)))).toEqual([
      [race.ada.entryId, 0, 1],
      [race.bea.entryId, 0, 1],
      [race.cid.entryId, 0, 1],
      [race.dan.entryId, 0, 1],
    ]);
    // A withdrawn entry (its account erased) is out of the race, whatever its votes.
    await setEntry(race.ada.entryId, 'withdrawn_at = now()');
    expect(ranks(await rounds.ranked(race.contestId, false, asOf))).toEqual([
      [race.bea.entryId, 4, 1],
      [race.cid.entryId, 1, 2],
      [race.dan.entryId, 1, 2],
    ]);
  });

  it('should rank a closed round as it was, with the entries its cut and later cuts eliminated, and mark its own cut', async () => {
    const race = await aRace();
    const heats = await aRound(db, race.contestId, { position: 1, ends_at: ago(1), closed_at: ago(1) });
    const semis = await aRound(db, race.contestId, { position: 2, ends_at: new Date(Date.now() + HOUR) });
    await aVote(db, race.ada.entryId, { kind: 'paid', weight: 3, created_at: ago(3) });
    await aVote(db, race.bea.entryId, { kind: 'paid', weight: 3, created_at: ago(2) });
    await aVote(db, race.cid.entryId, { created_at: ago(2) });
    await aVote(db, race.cid.entryId, { kind: 'paid', weight: 5, created_at: ago(0.5) });
    await aVote(db, race.eve.entryId, { kind: 'paid', weight: 2, created_at: ago(3) });
    await setEntry(race.cid.entryId, 'is_eliminated = true, eliminated_in_round = $2', [heats.id]);
    await setEntry(race.dan.entryId, 'is_eliminated = true, eliminated_in_round = $2', [semis.id]);
    // Eliminated by hand: in no round.
    await setEntry(race.eve.entryId, 'is_eliminated = true');

    const asRanked = (rows: Awaited<ReturnType<RoundsRepository['rankedClosed']>>) => rows.map((r) => [r.entry_id, r.votes, r.rank, r.cut_here]);
    const all = await rounds.rankedClosed(race.contestId, true, { id: heats.id, endsAt: ago(1) }, null, [heats.id, semis.id]);
    expect(asRanked(all)).toEqual([
      [race.ada.entryId, 3, 1, false],
      [race.bea.entryId, 3, 1, false],
      [race.cid.entryId, 1, 3, true],
      [race.dan.entryId, 0, 1, false],
    ]);
    expect(all[0]).toMatchObject({ user_id: race.ada.userId, username: race.ada.username, group_id: race.g1, group_number: 1 });
    expect(asRanked(await rounds.rankedClosed(race.contestId, false, { id: heats.id, endsAt: ago(1) }, ago(2.5), [heats.id]))).toEqual([
      [race.bea.entryId, 3, 1, false],
      [race.cid.entryId, 1, 2, true],
      [race.ada.entryId, 0, 3, false],
    ]);
  });

  it('should lock every entry of the contest until the transaction ends', async () => {
    const race = await aRace();
    const other = await db.pool.connect();
    try {
      await transactions.run(async () => {
        await rounds.lockContestEntries(race.contestId);
        await other.query('BEGIN');
        await expect(other.query('SELECT id FROM contest_entries WHERE id = $1 FOR UPDATE NOWAIT', [race.dan.entryId])).rejects.toThrow(
          /could not obtain lock/,
        );
        await other.query('ROLLBACK');
      });
      await other.query('BEGIN');
      await other.query('SELECT id FROM contest_entries WHERE id = $1 FOR UPDATE NOWAIT', [race.dan.entryId]);
      await other.query('ROLLBACK');
    } finally {
      other.release();
    }
  });

  it("should restart every entry's count from a time, paid rows apart, and answer the groups changed", async () => {
    const race = await aRace();
    const from = ago(1);
    await aVote(db, race.ada.entryId, { kind: 'paid', weight: 4, created_at: ago(2) });
    await aVote(db, race.ada.entryId, { kind: 'paid', weight: 3, created_at: ago(0.5) });
    await aVote(db, race.ada.entryId, { created_at: ago(0.5) });
    await aVote(db, race.dan.entryId, { created_at: ago(0.2) });
    await setEntry(race.bea.entryId, 'current_contest_votes = 6, paid_votes = 2');

    const groups = await transactions.run(async () => {
      await rounds.lockContestEntries(race.contestId);
      return rounds.restartVotes(race.contestId, from);
    });
    expect(groups.sort((a, b) => a - b)).toEqual([race.g1, race.g2].sort((a, b) => a - b));
    expect(await entryRow(race.ada.entryId)).toMatchObject({ current_contest_votes: 4, paid_votes: 3, round_started_at: from });
    expect(await entryRow(race.bea.entryId)).toMatchObject({ current_contest_votes: 0, paid_votes: 0, round_started_at: from });
    expect(await entryRow(race.dan.entryId)).toMatchObject({ current_contest_votes: 1, paid_votes: 0 });
    expect(await rounds.restartVotes(-1, from)).toEqual([]);
  });

  it('should eliminate entries in a round once, answering those it cut by id', async () => {
    const race = await aRace();
    const heats = await aRound(db, race.contestId);
    const cut = await transactions.run(() => rounds.eliminateInRound(heats.id, [race.dan.entryId, race.bea.entryId]));
    expect(cut).toEqual(
      [
        { entry_id: race.bea.entryId, username: race.bea.username, group_id: race.g1 },
        { entry_id: race.dan.entryId, username: race.dan.username, group_id: race.g2 },
      ].sort((a, b) => a.entry_id - b.entry_id),
    );
    expect(await entryRow(race.bea.entryId)).toMatchObject({ is_eliminated: true, eliminated_in_round: heats.id });
    expect(await entryRow(race.ada.entryId)).toMatchObject({ is_eliminated: false, eliminated_in_round: null });
    expect(await transactions.run(() => rounds.eliminateInRound(heats.id, [race.bea.entryId, race.ada.entryId]))).toEqual([
      { entry_id: race.ada.entryId, username: race.ada.username, group_id: race.g1 },
    ]);
    expect(await rounds.eliminateInRound(heats.id, [])).toEqual([]);
  });

  it('should store who is below the cut line and answer those that dropped below it since the last look', async () => {
    const race = await aRace();
    await setEntry(race.eve.entryId, 'is_eliminated = true');
    // The first look drops nothing: nobody was known to be above.
    expect(await transactions.run(() => rounds.markBelowCut(race.contestId, [race.cid.entryId]))).toEqual([]);
    expect(await entryRow(race.cid.entryId)).toMatchObject({ below_cut: true });
    expect(await entryRow(race.ada.entryId)).toMatchObject({ below_cut: false });
    expect(await entryRow(race.eve.entryId)).toMatchObject({ below_cut: null });
    const dropped = await transactions.run(() => rounds.markBelowCut(race.contestId, [race.ada.entryId, race.dan.entryId]));
    expect(dropped.sort((a, b) => a - b)).toEqual([race.ada.entryId, race.dan.entryId].sort((a, b) => a - b));
    expect(await entryRow(race.cid.entryId)).toMatchObject({ below_cut: false });
    expect(await transactions.run(() => rounds.markBelowCut(race.contestId, [race.ada.entryId, race.dan.entryId]))).toEqual([]);
  });

  it('should sum the votes each entry got between two times', async () => {
    const race = await aRace();
    await aVote(db, race.ada.entryId, { created_at: ago(3) });
    await aVote(db, race.ada.entryId, { kind: 'paid', weight: 5, created_at: ago(2) });
    await aVote(db, race.ada.entryId, { created_at: ago(1.5) });
    await aVote(db, race.dan.entryId, { created_at: ago(1.5) });
    await aVote(db, race.dan.entryId, { created_at: ago(0.5) });
    const got = await rounds.votesBetween(race.contestId, ago(2.5), ago(1));
    expect([...got.entries()].sort((a, b) => a[0] - b[0])).toEqual(
      [
        [race.ada.entryId, 6],
        [race.dan.entryId, 1],
      ].sort((a, b) => a[0] - b[0]),
    );
  });

  it("should store winners' places and read them by contest, by place then name, with the first picture", async () => {
    const race = await aRace();
    const quiet = await aContest(db, { is_current: false });
    await db.pool.query("UPDATE contestant_profiles SET pictures_urls = '{/uploads/w.png,/uploads/x.png}' WHERE id = $1", [race.dan.profileId]);
    await transactions.run(() =>
      rounds.setWinnerPlaces([
        { entryId: race.dan.entryId, place: 1 },
        { entryId: race.bea.entryId, place: 2 },
        { entryId: race.ada.entryId, place: 2 },
      ]),
    );
    await rounds.setWinnerPlaces([]);
    expect(await entryRow(race.cid.entryId)).toMatchObject({ winner_place: null });
    const winners = await rounds.winnersOf([race.contestId, quiet.id]);
    expect(winners.get(quiet.id)).toEqual([]);
    expect(winners.get(race.contestId)).toEqual([
      {
        place: 1,
        entry_id: race.dan.entryId,
        username: race.dan.username,
        first_name: expect.any(String),
        last_name: expect.any(String),
        picture_url: '/uploads/w.png',
      },
      { place: 2, entry_id: race.ada.entryId, username: race.ada.username, first_name: expect.any(String), last_name: expect.any(String), picture_url: null },
      { place: 2, entry_id: race.bea.entryId, username: race.bea.username, first_name: expect.any(String), last_name: expect.any(String), picture_url: null },
    ]);
    expect((await rounds.winnersOf([])).size).toBe(0);
  });

  it('should close a round once', async () => {
    const { id: contestId } = await aContest(db, { is_current: false });
    const round = await aRound(db, contestId);
    expect(await rounds.close(round.id)).toBe(true);
    expect((await rounds.findById(round.id))?.closedAt).toEqual(expect.any(Date));
    expect(await rounds.close(round.id)).toBe(false);
    expect(await rounds.close(-1)).toBe(false);
  });
});
