import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aContest, aGroup, anEntry } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { Transactions } from '#server/infra/database/transactional.js';
import type { AcceptedVote } from './vote-job.types.js';
import { VotesRepository } from './votes.repository.js';

describe(VotesRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let votes: VotesRepository;
  let transactions: Transactions;
  let contestId: number;
  let groupId: number;
  let vera: Awaited<ReturnType<typeof anEntry>>;

  const ballot = (entry: typeof vera, fields: Partial<AcceptedVote> = {}): AcceptedVote => ({
    voteId: randomUUID(),
    profileId: entry.profileId,
    entryId: entry.entryId,
    contestId,
    groupId,
    username: entry.username,
    voterHash: 'f'.repeat(64),
    userId: null,
    kind: 'free',
    castAt: new Date().toISOString(),
    ...fields,
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 4)).initialize();
    transactions = new Transactions(ds);
    votes = new VotesRepository(ds);
    contestId = (await aContest(db, { vote_challenge: 'flagged' })).id;
    groupId = (await aGroup(db, contestId)).id;
    vera = await anEntry(db, { contestId, groupId }, { username: 'Vera' });
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should find a contestant by username in any letter case, with the current contest and the entry in it', async () => {
    const target = await votes.findTarget('vERA');
    expect(target).toEqual({
      profileId: vera.profileId,
      username: 'Vera',
      contest: { id: contestId, startDate: expect.any(Date), endDate: null, voteChallenge: 'flagged' },
      entry: { id: vera.entryId, groupId, isEliminated: false },
    });
    expect(await votes.findTarget('nobody')).toBeNull();
    expect(await votes.usernameOfProfile(vera.profileId)).toBe('Vera');
    expect(await votes.usernameOfProfile(-1)).toBeNull();
  });

  it('should find a contestant outside the current contest without an entry', async () => {
    const other = await aContest(db, { is_current: false });
    const otherGroup = await aGroup(db, other.id);
    const olga = await anEntry(db, { contestId: other.id, groupId: otherGroup.id }, { username: 'Olga' });
    expect(await votes.findTarget('olga')).toMatchObject({ profileId: olga.profileId, contest: { id: contestId }, entry: null });
  });

  it('should record each vote once and count only the new ones, as numbers', async () => {
    const first = [ballot(vera), ballot(vera)];
    expect(await transactions.run(() => votes.record(first))).toBe(2);
    expect(await transactions.run(() => votes.record([first[0], ballot(vera)]))).toBe(1);
    expect(await votes.anyRecorded([first[1].voteId, randomUUID()])).toBe(true);
    expect(await votes.anyRecorded([randomUUID()])).toBe(false);
    expect(await votes.entryCounts([vera.entryId, -1])).toEqual([
      { entryId: vera.entryId, groupId, profileId: vera.profileId, entryVotes: 3, entryPaidVotes: 0, totalVotes: 3 },
    ]);
  });

  it('should credit a paid payment once, and lock the entry when asked', async () => {
    const paymentId = randomUUID();
    const credited = await transactions.run(async () => {
      await votes.lockInIdOrder([vera.entryId], [vera.profileId]);
      expect(await votes.entryStanding(vera.entryId, true)).toEqual({ isEliminated: false, endDate: null });
      return votes.recordPaid({ paymentId, entryId: vera.entryId, votes: 5, userId: vera.userId });
    });
    expect(credited).toBe(true);
    expect(await transactions.run(() => votes.recordPaid({ paymentId, entryId: vera.entryId, votes: 5, userId: vera.userId }))).toBe(false);
    const [counts] = await votes.entryCounts([vera.entryId]);
    expect(counts).toMatchObject({ entryVotes: 8, entryPaidVotes: 5, totalVotes: 8 });
    expect(await votes.entryProfile(vera.entryId)).toBe(vera.profileId);
    expect(await votes.entryProfile(-1)).toBeNull();
    expect(await votes.entryStanding(-1, false)).toBeNull();
  });
});
