import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aContest, aGroup, anEntry, aPayment } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { Transactions } from '#server/infra/database/transactional.js';
import { DEMO_PACKAGES } from './vote-offer.service.js';
import { VotePackagesRepository } from './vote-packages.repository.js';

describe(VotePackagesRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let repo: VotePackagesRepository;
  let transactions: Transactions;

  /** Every row of a list, retired ones included, as stored. */
  const stored = async (contestId: number | null) =>
    (
      await db.pool.query('SELECT id, votes, bonus, price_minor, position, retired FROM vote_packages WHERE contest_id IS NOT DISTINCT FROM $1 ORDER BY id', [
        contestId,
      ])
    ).rows;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 4)).initialize();
    repo = new VotePackagesRepository(ds);
    transactions = new Transactions(ds);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it("should write the demo's four site packages once, ids 1 to 4 kept, the next id after them", async () => {
    expect(await repo.offered(null)).toEqual([]);
    await Promise.all([repo.insertSiteListIfMissing(DEMO_PACKAGES), repo.insertSiteListIfMissing(DEMO_PACKAGES)]);
    await repo.insertSiteListIfMissing([{ id: 9, votes: 1, bonus: 0, price_minor: 1 }]);
    expect(await repo.offered(null)).toEqual([
      { id: 1, votes: 10, bonus: 2, price_minor: 1000 },
      { id: 2, votes: 50, bonus: 20, price_minor: 5000 },
      { id: 3, votes: 100, bonus: 50, price_minor: 10000 },
      { id: 4, votes: 200, bonus: 125, price_minor: 20000 },
    ]);
    expect(await repo.find(3)).toEqual({ id: 3, votes: 100, bonus: 50, price_minor: 10000, contestId: null, retired: false });
    expect(await repo.find(999)).toBeUndefined();
    expect((await db.pool.query("SELECT nextval(pg_get_serial_sequence('vote_packages', 'id'))::int AS next")).rows[0].next).toBe(5);
  });

  it("should replace a contest's list in order: kept ids updated, new ones added, one a payment bought retired, an unpaid one deleted", async () => {
    const contestId = (await aContest(db, { is_current: false })).id;
    const groupId = (await aGroup(db, contestId)).id;
    const first = await transactions.run(() =>
      repo.replaceList(contestId, [
        { votes: 10, bonus: 0, price_minor: 1500 },
        { votes: 30, bonus: 5, price_minor: 4000 },
        { votes: 60, bonus: 15, price_minor: 7000 },
      ]),
    );
    if (!first) throw new Error('the first list was refused');
    expect(first.before).toEqual([]);
    const [ten, thirty, sixty] = first.after;
    expect(first.after.map((p) => p.votes)).toEqual([10, 30, 60]);
    // A payment bought the 30-vote package: it is retired, not deleted, when left out.
    const vera = await anEntry(db, { contestId, groupId }, { username: `Vera${contestId}` });
    await aPayment(db, { ...vera, contestId }, { package_id: thirty.id });

    // Two packages trade vote counts (one offered package per count) and a new one comes first.
    const second = await transactions.run(() =>
      repo.replaceList(contestId, [
        { votes: 5, bonus: 0, price_minor: 800 },
        { id: sixty.id, votes: 10, bonus: 20, price_minor: 7000 },
        { id: ten.id, votes: 60, bonus: 0, price_minor: 1500 },
      ]),
    );
    if (!second) throw new Error('the second list was refused');
    expect(second.before).toEqual(first.after);
    expect(second.after.map((p) => [p.votes, p.bonus, p.price_minor])).toEqual([
      [5, 0, 800],
      [10, 20, 7000],
      [60, 0, 1500],
    ]);
    expect(second.after[1].id).toBe(sixty.id);
    const rows = await stored(contestId);
    expect(rows.find((r) => r.id === thirty.id)).toMatchObject({ retired: true });
    expect(rows.filter((r) => !r.retired)).toHaveLength(3);
    // The site's list is another list.
    expect((await repo.offered(null)).map((p) => p.id)).toEqual([1, 2, 3, 4]);

    // An id of another list is refused and, in the caller's rolled-back transaction, changes nothing.
    await expect(
      transactions.run(async () => {
        if (!(await repo.replaceList(contestId, [{ id: 1, votes: 10, bonus: 2, price_minor: 1000 }]))) throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await repo.offered(contestId)).toEqual(second.after);

    // Clearing the list: the paid-for package stays retired, the others go.
    const cleared = await transactions.run(() => repo.clearContestList(contestId));
    expect(cleared).toHaveLength(3);
    expect(await repo.offered(contestId)).toEqual([]);
    expect((await stored(contestId)).map((r) => r.id)).toEqual([thirty.id]);
  });

  it("should keep a contest's own currency and donation price, cleared with nulls, and the site's", async () => {
    const contestId = (await aContest(db, { is_current: false })).id;
    expect(await repo.contestMoney(contestId)).toEqual({ currency: null, donationVotePrice: null });
    expect(await repo.setContestMoney(contestId, 'JPY', 150)).toBe(true);
    expect(await repo.contestMoney(contestId)).toEqual({ currency: 'JPY', donationVotePrice: 150 });
    expect(await repo.setContestMoney(contestId, null, null)).toBe(true);
    expect(await repo.contestMoney(contestId)).toEqual({ currency: null, donationVotePrice: null });
    expect(await repo.setContestMoney(2_000_000_000, 'JPY', 1)).toBe(false);
    expect(await repo.contestMoney(2_000_000_000)).toBeUndefined();

    await db.pool.query(
      `INSERT INTO site_settings (id, site_name, accent_color, background_color, categories, currency, donation_vote_price, charity_name, charity_beneficiary, charity_share, mail_sender_name)
       VALUES (1, 'S', '#000000', '#ffffff', '{A}', 'USD', 100, 'c', 'b', 100, 'S') ON CONFLICT (id) DO NOTHING`,
    );
    await repo.setSiteMoney('KWD', 250);
    expect((await db.pool.query('SELECT currency, donation_vote_price FROM site_settings')).rows).toEqual([{ currency: 'KWD', donation_vote_price: 250 }]);
  });
});
