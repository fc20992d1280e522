import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aContest, aGroup, anEntry, aPaidVote, aPayment } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { AdminPaymentsRepository, type ExportCursor } from './admin-payments.repository.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A timestamp as the API answers it. */
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe(AdminPaymentsRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let admin: AdminPaymentsRepository;
  type Contestant = Awaited<ReturnType<typeof anEntry>> & { contestId: number; groupId: number };
  let vera: Contestant;
  let mira: Contestant;
  /** A contestant whose profile and entry are gone since they paid (payments have no foreign keys). */
  const gone = { profileId: 999_999, entryId: 999_999, contestId: 999_999 };

  const ago = (ms: number) => new Date(Date.now() - ms);
  const ids = (items: { id: string }[]) => items.map((i) => i.id);

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    admin = new AdminPaymentsRepository(ds);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  // Every test starts from an empty ledger: the sums and lists are over the whole table.
  beforeEach(async () => {
    await db.pool.query('TRUNCATE payments, votes, contest_entries, contestant_profiles, groups, contests, users CASCADE');
    const contestId = (await aContest(db)).id;
    const groupId = (await aGroup(db, contestId)).id;
    vera = { ...(await anEntry(db, { contestId, groupId }, { username: 'Vera' })), contestId, groupId };
    mira = { ...(await anEntry(db, { contestId, groupId }, { username: 'Mira' })), contestId, groupId };
  });

  describe('the list', () => {
    let p: Record<'created' | 'credited' | 'expired' | 'creditedPaypal' | 'refunded', string>;

    beforeEach(async () => {
      p = {
        created: (await aPayment(db, vera, { created_at: ago(5 * HOUR), provider: 'stripe' })).id,
        credited: (await aPayment(db, vera, { created_at: ago(4 * HOUR), provider: 'stripe', status: 'credited', amount_minor: 5000, votes: 55 })).id,
        expired: (await aPayment(db, mira, { created_at: ago(3 * HOUR), provider: 'paypal', method: 'paypal', status: 'expired' })).id,
        creditedPaypal: (
          await aPayment(db, mira, {
            created_at: ago(2 * HOUR),
            credited_at: ago(2 * HOUR - MINUTE),
            provider: 'paypal',
            method: 'paypal',
            status: 'credited',
            amount_minor: 2000,
            currency: 'JPY',
            votes: 22,
          })
        ).id,
        refunded: (await aPayment(db, gone, { created_at: ago(HOUR), provider: 'stripe', status: 'refunded' })).id,
      };
    });

    it('should page newest first, leaving expired checkouts out unless asked for, and filter by status and provider', async () => {
      expect(ids(await admin.page({}, 0, 20))).toEqual([p.refunded, p.creditedPaypal, p.credited, p.created]);
      expect(ids(await admin.page({ status: 'all' }, 0, 20))).toEqual([p.refunded, p.creditedPaypal, p.expired, p.credited, p.created]);
      expect(ids(await admin.page({ status: 'expired' }, 0, 20))).toEqual([p.expired]);
      expect(ids(await admin.page({ status: 'credited' }, 0, 20))).toEqual([p.creditedPaypal, p.credited]);
      expect(ids(await admin.page({ provider: 'stripe' }, 0, 20))).toEqual([p.refunded, p.credited, p.created]);
      expect(ids(await admin.page({ status: 'credited', provider: 'paypal' }, 0, 20))).toEqual([p.creditedPaypal]);
      expect(ids(await admin.page({}, 1, 2))).toEqual([p.creditedPaypal, p.credited]);
      expect(await admin.page({}, 4, 2)).toEqual([]);
    });

    it("should answer a row with its contestant's username, null once the contestant is gone", async () => {
      const [refunded, creditedPaypal] = await admin.page({}, 0, 2);
      expect(creditedPaypal).toEqual({
        id: p.creditedPaypal,
        created_at: expect.stringMatching(ISO),
        credited_at: expect.stringMatching(ISO),
        status: 'credited',
        provider: 'paypal',
        method: 'paypal',
        provider_ref: null,
        profile_id: mira.profileId,
        entry_id: mira.entryId,
        contest_id: mira.contestId,
        username: 'Mira',
        payer_name: null,
        payer_email: expect.stringMatching(/@example\.com$/),
        amount_minor: 2000,
        currency: 'JPY',
        package_id: null,
        votes: 22,
        base_votes: 50,
      });
      expect(Math.abs(Date.parse(creditedPaypal.created_at) - (Date.now() - 2 * HOUR))).toBeLessThan(MINUTE);
      expect(Date.parse(creditedPaypal.credited_at ?? '') - Date.parse(creditedPaypal.created_at)).toBe(MINUTE);
      expect(refunded).toMatchObject({ id: p.refunded, username: null, profile_id: gone.profileId, status: 'refunded' });
    });

    it('should total the matching payments, summing only the credited ones, one sum per currency', async () => {
      const both = [
        { currency: 'USD', amount_minor: 5000 },
        { currency: 'JPY', amount_minor: 2000 },
      ];
      expect(await admin.totals({})).toEqual({ count: 4, credited_amounts: both, credited_votes: 77 });
      expect(await admin.totals({ status: 'all' })).toEqual({ count: 5, credited_amounts: both, credited_votes: 77 });
      expect(await admin.totals({ provider: 'paypal' })).toEqual({ count: 1, credited_amounts: [{ currency: 'JPY', amount_minor: 2000 }], credited_votes: 22 });
      expect(await admin.totals({ status: 'expired' })).toEqual({ count: 1, credited_amounts: [], credited_votes: 0 });
      expect(await admin.totals({ status: 'failed' })).toEqual({ count: 0, credited_amounts: [], credited_votes: 0 });
    });
  });

  it('should export in batches in the list order, every row once, ties and microseconds included', async () => {
    // Three rows made in the same microsecond (ordered by id) and one a microsecond later: a cursor
    // rounded to the millisecond would repeat or skip them.
    const same = '2026-01-01 10:00:00.123456+00';
    const made = [
      await aPayment(db, vera, { created_at: same }),
      await aPayment(db, vera, { created_at: same }),
      await aPayment(db, mira, { created_at: same }),
      await aPayment(db, mira, { created_at: '2026-01-01 10:00:00.123457+00' }),
      await aPayment(db, mira, { created_at: '2026-01-01 09:00:00+00', status: 'expired' }),
    ];
    const listed = ids(await admin.page({}, 0, 20));
    expect(listed).toHaveLength(4);

    for (const size of [1, 2, 4]) {
      const exported: string[] = [];
      let after: ExportCursor | null = null;
      let batches = 0;
      do {
        const batch: { items: { id: string }[]; next: ExportCursor | null } = await admin.exportBatch({}, after, size);
        exported.push(...ids(batch.items));
        expect(batch.items.length).toBeLessThanOrEqual(size);
        if (batch.next) expect(batch.next.id).toBe(batch.items.at(-1)?.id);
        after = batch.next;
        batches += 1;
      } while (after && batches < 10);
      expect(exported).toEqual(listed);
      // A batch shorter than its size is the last; a full one may be followed by an empty one.
      expect(batches).toBe(Math.floor(4 / size) + 1);
    }

    const first = await admin.exportBatch({ status: 'all' }, null, 1);
    // The cursor keeps PostgreSQL's text of the timestamp, to the microsecond.
    expect(first.next).toEqual({ createdAt: expect.stringMatching(/:00\.123457/), id: made[3].id });
    expect(ids((await admin.exportBatch({ status: 'expired' }, null, 10)).items)).toEqual([made[4].id]);
  });

  it('should sum the credited payments, the paid ledger and both counters, telling apart the votes of deleted entries and profiles', async () => {
    // Vera: a credit of 55 (its ledger row and counters), and a refunded credit of 30 (a row and its reversal).
    const credited = await aPayment(db, vera, { status: 'credited', votes: 55 });
    await aPaidVote(db, vera, { id: credited.id, weight: 55 });
    const refunded = await aPayment(db, vera, { status: 'refunded', votes: 30 });
    await aPaidVote(db, vera, { id: refunded.id, weight: 30 });
    await aPaidVote(db, vera, { weight: -30 });
    // Mira: a credit of 20 whose entry was deleted since (its ledger row went with it); her profile keeps its count.
    const miras = await aPayment(db, mira, { status: 'credited', votes: 20 });
    await aPaidVote(db, mira, { id: miras.id, weight: 20 });
    // A credit of 7 whose contestant is gone altogether, and money paid but not credited yet.
    await aPayment(db, gone, { status: 'credited', votes: 7 });
    await aPayment(db, vera, { status: 'paid', votes: 100 });
    await db.pool.query('UPDATE contest_entries SET paid_votes = 55 WHERE id = $1', [vera.entryId]);
    await db.pool.query('UPDATE contestant_profiles SET paid_votes = CASE id WHEN $1 THEN 55 ELSE 20 END', [vera.profileId]);
    await db.pool.query('DELETE FROM contest_entries WHERE id = $1', [mira.entryId]);

    expect(await admin.reconciliationSums()).toEqual({
      creditedVotes: 82,
      deletedEntryVotes: 27,
      deletedProfileVotes: 7,
      ledgerPaidVotes: 55,
      entriesPaidVotes: 55,
      profilesPaidVotes: 75,
    });
  });

  it('should answer zero sums over an empty ledger', async () => {
    expect(await admin.reconciliationSums()).toEqual({
      creditedVotes: 0,
      deletedEntryVotes: 0,
      deletedProfileVotes: 0,
      ledgerPaidVotes: 0,
      entriesPaidVotes: 0,
      profilesPaidVotes: 0,
    });
  });

  it('should list the credited payments of existing entries without their own ledger row of their votes, oldest first', async () => {
    const matched = await aPayment(db, vera, { status: 'credited', votes: 55 });
    await aPaidVote(db, vera, { id: matched.id, weight: 55 });
    const missing = await aPayment(db, vera, { status: 'credited', votes: 10, created_at: ago(2 * HOUR) });
    const wrongWeight = await aPayment(db, vera, { status: 'credited', votes: 12, created_at: ago(HOUR) });
    await aPaidVote(db, vera, { id: wrongWeight.id, weight: 5 });
    await aPayment(db, gone, { status: 'credited' });
    await aPayment(db, vera, { status: 'paid' });

    expect(await admin.mismatchedCredits(200)).toEqual([missing.id, wrongWeight.id]);
    expect(await admin.mismatchedCredits(1)).toEqual([missing.id]);
  });

  it('should list the payments paid but not credited past the given minutes, oldest first, with their contestant', async () => {
    const older = await aPayment(db, gone, { status: 'paid', created_at: ago(20 * MINUTE) });
    const stuck = await aPayment(db, vera, {
      status: 'paid',
      created_at: ago(10 * MINUTE),
      provider: 'stripe',
      provider_ref: 'cs_test_stuck',
      amount_minor: 2500,
      currency: 'EUR',
      votes: 25,
      base_votes: 25,
    });
    await aPayment(db, vera, { status: 'paid', created_at: ago(MINUTE) });
    await aPayment(db, vera, { status: 'credited', created_at: ago(HOUR) });

    const listed = await admin.stuck(5, 10);
    expect(ids(listed)).toEqual([older.id, stuck.id]);
    expect(listed[0].username).toBeNull();
    expect(listed[1]).toEqual({
      id: stuck.id,
      created_at: expect.stringMatching(ISO),
      provider: 'stripe',
      provider_ref: 'cs_test_stuck',
      amount_minor: 2500,
      currency: 'EUR',
      votes: 25,
      username: 'Vera',
    });
    expect(Math.abs(Date.parse(listed[1].created_at) - (Date.now() - 10 * MINUTE))).toBeLessThan(MINUTE);
    expect(ids(await admin.stuck(5, 1))).toEqual([older.id]);
    expect(await admin.stuck(30, 10)).toEqual([]);
  });

  it('should list the refunds not done past the given minutes since their last change, oldest first', async () => {
    const later = await aPayment(db, vera, { status: 'refunding', updated_at: ago(10 * MINUTE) });
    const earlier = await aPayment(db, mira, { status: 'refunding', updated_at: ago(30 * MINUTE), created_at: ago(HOUR) });
    await aPayment(db, vera, { status: 'refunding' });
    await aPayment(db, vera, { status: 'paid', updated_at: ago(HOUR) });

    expect(await admin.refundsPending(5, 10)).toEqual([earlier.id, later.id]);
    expect(await admin.refundsPending(5, 1)).toEqual([earlier.id]);
    expect(await admin.refundsPending(60, 10)).toEqual([]);
  });
});
