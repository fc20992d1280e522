import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aContest, aGroup, anEntry, aVote } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { AdminVotesRepository } from './admin-votes.repository.js';

describe(AdminVotesRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let votes: AdminVotesRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    votes = new AdminVotesRepository(ds);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should tell whether a contest exists', async () => {
    const contest = await aContest(db, { is_current: false });
    expect(await votes.contestExists(contest.id)).toBe(true);
    expect(await votes.contestExists(-1)).toBe(false);
  });

  it("should export a contest's ledger rows oldest first, in batches after a (created_at, id) cursor", async () => {
    const contest = await aContest(db);
    const group = await aGroup(db, contest.id, { group_number: 3 });
    const c = { contestId: contest.id, groupId: group.id };
    const vera = await anEntry(db, c, { username: 'Vera' });
    const first = await aVote(db, vera.entryId, { created_at: '2026-01-01T10:00:00.123456Z', network_hash: 'a'.repeat(64), user_id: vera.userId });
    // Two rows cast at the same microsecond: the id orders them.
    const tieA = await aVote(db, vera.entryId, { id: '00000000-0000-4000-8000-00000000000a', created_at: '2026-01-01T10:00:01Z', kind: 'paid', weight: 5 });
    const tieB = await aVote(db, vera.entryId, {
      id: '00000000-0000-4000-8000-00000000000b',
      created_at: '2026-01-01T10:00:01Z',
      kind: 'void',
      weight: -1,
      reverses: first.id,
    });
    // Another contest's rows stay out.
    const other = await aContest(db, { is_current: false });
    const otherGroup = await aGroup(db, other.id);
    await aVote(db, (await anEntry(db, { contestId: other.id, groupId: otherGroup.id })).entryId, {
      created_at: '2026-01-01T10:00:00.5Z',
    });

    const one = await votes.exportBatch(contest.id, null, 2);
    expect(one.items).toEqual([
      {
        id: first.id,
        cast_at: '2026-01-01T10:00:00.123456Z',
        kind: 'free',
        weight: 1,
        group_number: 3,
        entry_id: vera.entryId,
        username: 'Vera',
        network_hash: 'a'.repeat(64),
        user_id: vera.userId,
      },
      {
        id: tieA.id,
        cast_at: '2026-01-01T10:00:01.000000Z',
        kind: 'paid',
        weight: 5,
        group_number: 3,
        entry_id: vera.entryId,
        username: 'Vera',
        network_hash: null,
        user_id: null,
      },
    ]);
    expect(one.next).toEqual({ createdAt: '2026-01-01T10:00:01.000000Z', id: tieA.id });

    const two = await votes.exportBatch(contest.id, one.next, 2);
    expect(two.items.map((r) => [r.id, r.kind, r.weight])).toEqual([[tieB.id, 'void', -1]]);
    expect(two.next).toBeNull();

    // A full last batch gives a cursor; the batch after it is empty and ends the export.
    const all = await votes.exportBatch(contest.id, null, 3);
    expect(all.items.map((r) => r.id)).toEqual([first.id, tieA.id, tieB.id]);
    expect(await votes.exportBatch(contest.id, all.next, 3)).toEqual({ items: [], next: null });
  });
});
