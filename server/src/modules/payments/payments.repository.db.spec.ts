import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aContest, aGroup, anEntry, aPayment } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { Transactions } from '#server/infra/database/transactional.js';
import { PaymentsRepository } from './payments.repository.js';

const HOUR = 3_600_000;

describe(PaymentsRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let payments: PaymentsRepository;
  let transactions: Transactions;
  let contestId: number;
  let vera: Awaited<ReturnType<typeof anEntry>> & { contestId: number };

  /** The payment's row as stored, read beside the repository. */
  const stored = async (id: string): Promise<{ status: string; credited_at: Date | null; provider_ref: string | null; updated_at: Date }> =>
    (await db.pool.query('SELECT status, credited_at, provider_ref, updated_at FROM payments WHERE id = $1', [id])).rows[0];

  const aPaymentOfVera = (fields: Parameters<typeof aPayment>[2] = {}) => aPayment(db, vera, fields);

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 4)).initialize();
    payments = new PaymentsRepository(ds);
    transactions = new Transactions(ds);
    contestId = (await aContest(db)).id;
    const groupId = (await aGroup(db, contestId)).id;
    vera = { ...(await anEntry(db, { contestId, groupId }, { username: 'Vera' })), contestId };
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should write a checkout as created, in its currency and minor units, naming its package, without a provider reference, then find it by id and by its reference', async () => {
    const id = randomUUID();
    const packageId = (await db.pool.query('INSERT INTO vote_packages (votes, bonus, price_minor) VALUES (100, 10, 10000) RETURNING id')).rows[0].id as number;
    const created = await payments.create({
      id,
      profileId: vera.profileId,
      entryId: vera.entryId,
      contestId,
      userId: vera.userId,
      votes: 110,
      baseVotes: 100,
      amountMinor: 10000,
      currency: 'JPY',
      packageId,
      payerEmail: 'fan@example.com',
      payerName: 'Fan Person',
      locale: 'pt-BR',
      provider: 'paypal',
      method: 'paypal',
      successUrl: 'http://localhost:3000/ok',
      cancelUrl: 'http://localhost:3000/cancel',
    });
    expect(created).toEqual({
      id,
      profileId: vera.profileId,
      entryId: vera.entryId,
      contestId,
      userId: vera.userId,
      votes: 110,
      baseVotes: 100,
      amountMinor: 10000,
      currency: 'JPY',
      packageId,
      payerEmail: 'fan@example.com',
      payerName: 'Fan Person',
      locale: 'pt-BR',
      provider: 'paypal',
      providerRef: null,
      method: 'paypal',
      status: 'created',
      successUrl: 'http://localhost:3000/ok',
      cancelUrl: 'http://localhost:3000/cancel',
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
      creditedAt: null,
    });
    expect(await payments.find(id)).toEqual(created);

    const ref = `ORDER-${id.slice(0, 8)}`;
    await payments.setProviderRef(id, ref);
    expect((await stored(id)).provider_ref).toBe(ref);
    expect(await payments.findByRef(ref)).toEqual({ ...created, providerRef: ref, updatedAt: expect.any(Date) });

    expect(await payments.find(randomUUID())).toBeNull();
    expect(await payments.findByRef('no-such-ref')).toBeNull();
    // A provider's event may carry anything as our id: the caller treats the refusal as "not ours".
    await expect(payments.find('not-a-uuid')).rejects.toThrow();
  });

  it('should count the payments in each state', async () => {
    const before = await payments.countByStatus();
    await aPaymentOfVera();
    await aPaymentOfVera();
    await aPaymentOfVera({ status: 'refunding' });
    const after = await payments.countByStatus();
    expect(after.created).toBe((before.created ?? 0) + 2);
    expect(after.refunding).toBe((before.refunding ?? 0) + 1);
    expect(Object.values(after).every((n) => typeof n === 'number')).toBe(true);
  });

  it('should mark only a created checkout failed', async () => {
    const created = await aPaymentOfVera();
    const paid = await aPaymentOfVera({ status: 'paid' });
    await payments.markFailed(created.id);
    await payments.markFailed(paid.id);
    expect((await stored(created.id)).status).toBe('failed');
    expect((await stored(paid.id)).status).toBe('paid');
  });

  it('should mark a created or expired payment paid once, and only from the states asked for', async () => {
    const created = await aPaymentOfVera();
    expect(await payments.markPaid(created.id)).toBe(true);
    expect((await stored(created.id)).status).toBe('paid');
    expect(await payments.markPaid(created.id)).toBe(false);

    const expired = await aPaymentOfVera({ status: 'expired' });
    expect(await payments.markPaid(expired.id, ['created'])).toBe(false);
    expect((await stored(expired.id)).status).toBe('expired');
    expect(await payments.markPaid(expired.id)).toBe(true);
    expect((await stored(expired.id)).status).toBe('paid');

    const refunded = await aPaymentOfVera({ status: 'refunded' });
    expect(await payments.markPaid(refunded.id)).toBe(false);
    expect((await stored(refunded.id)).status).toBe('refunded');
  });

  it('should expire the checkouts left created past their time, each once', async () => {
    const old = new Date(Date.now() - 2 * HOUR);
    const abandoned = [await aPaymentOfVera({ created_at: old }), await aPaymentOfVera({ created_at: old })];
    const oldPaid = await aPaymentOfVera({ created_at: old, status: 'paid' });
    const recent = await aPaymentOfVera();

    expect(await payments.expireAbandoned(3600)).toBe(2);
    expect(await payments.expireAbandoned(3600)).toBe(0);
    for (const p of abandoned) expect((await stored(p.id)).status).toBe('expired');
    expect((await stored(oldPaid.id)).status).toBe('paid');
    expect((await stored(recent.id)).status).toBe('created');
  });

  it('should expire one checkout only when it was left created past its time', async () => {
    const old = new Date(Date.now() - 2 * HOUR);
    const abandoned = await aPaymentOfVera({ created_at: old });
    const oldPaid = await aPaymentOfVera({ created_at: old, status: 'paid' });
    const recent = await aPaymentOfVera();

    await payments.expireIfAbandoned(abandoned.id, 3600);
    await payments.expireIfAbandoned(oldPaid.id, 3600);
    await payments.expireIfAbandoned(recent.id, 3600);
    expect((await stored(abandoned.id)).status).toBe('expired');
    expect((await stored(oldPaid.id)).status).toBe('paid');
    expect((await stored(recent.id)).status).toBe('created');
  });

  it("should lock a paid payment for the caller's transaction, and find nothing to lock in another state", async () => {
    const paid = await aPaymentOfVera({ status: 'paid', user_id: vera.userId, votes: 30, base_votes: 25 });
    const created = await aPaymentOfVera();
    expect(await payments.lockPaid(created.id)).toBeNull();

    await transactions.run(async () => {
      expect(await payments.lockPaid(paid.id)).toEqual({ id: paid.id, entryId: vera.entryId, votes: 30, userId: vera.userId });
      // Another connection cannot take the row while the transaction holds it.
      await expect(db.pool.query('SELECT id FROM payments WHERE id = $1 FOR UPDATE NOWAIT', [paid.id])).rejects.toThrow(/lock/);
    });
    await expect(db.pool.query('SELECT id FROM payments WHERE id = $1 FOR UPDATE NOWAIT', [paid.id])).resolves.toMatchObject({ rowCount: 1 });
  });

  it('should move only a paid payment to refunding', async () => {
    const paid = await aPaymentOfVera({ status: 'paid', updated_at: new Date(Date.now() - HOUR) });
    const credited = await aPaymentOfVera({ status: 'credited' });
    await payments.markRefunding(paid.id);
    await payments.markRefunding(credited.id);
    const row = await stored(paid.id);
    expect(row.status).toBe('refunding');
    expect(Date.now() - row.updated_at.getTime()).toBeLessThan(60_000);
    expect((await stored(credited.id)).status).toBe('credited');
  });

  it('should credit a paid payment exactly once however many try at the same time', async () => {
    const paid = await aPaymentOfVera({ status: 'paid', votes: 12, base_votes: 10 });
    const answers = await Promise.all(Array.from({ length: 4 }, () => payments.markCredited(paid.id)));
    expect(answers.filter((a) => a !== null)).toEqual([{ id: paid.id, entryId: vera.entryId, votes: 12, userId: null }]);
    const row = await stored(paid.id);
    expect(row.status).toBe('credited');
    expect(row.credited_at).toBeInstanceOf(Date);

    const created = await aPaymentOfVera();
    expect(await payments.markCredited(created.id)).toBeNull();
    expect(await stored(created.id)).toMatchObject({ status: 'created', credited_at: null });
  });

  it('should refund a payment once, saying whether its votes had been credited', async () => {
    const credited = await aPaymentOfVera({ status: 'credited', votes: 55, user_id: vera.userId });
    expect(await payments.markRefunded(credited.id)).toEqual({ id: credited.id, entryId: vera.entryId, votes: 55, userId: vera.userId, wasCredited: true });
    expect((await stored(credited.id)).status).toBe('refunded');
    expect(await payments.markRefunded(credited.id)).toBeNull();

    for (const status of ['created', 'paid', 'refunding', 'expired']) {
      const p = await aPaymentOfVera({ status });
      expect(await payments.markRefunded(p.id)).toEqual({ id: p.id, entryId: vera.entryId, votes: 55, userId: null, wasCredited: false });
      expect((await stored(p.id)).status).toBe('refunded');
    }

    const failed = await aPaymentOfVera({ status: 'failed' });
    expect(await payments.markRefunded(failed.id)).toBeNull();
    expect((await stored(failed.id)).status).toBe('failed');
  });

  it("should read a payment's receipt with its contestant, and the contestant's account e-mail and username", async () => {
    await db.pool.query("UPDATE users SET first_name = 'Vera', last_name = 'Vance' WHERE id = $1", [vera.userId]);
    const p = await aPaymentOfVera({
      payer_email: 'buyer@example.com',
      payer_name: null,
      votes: 250,
      base_votes: 200,
      amount_minor: 20000,
      currency: 'GBP',
      locale: 'pt-BR',
    });
    expect(await payments.receipt(p.id)).toEqual({
      payerEmail: 'buyer@example.com',
      payerName: null,
      locale: 'pt-BR',
      votes: 250,
      baseVotes: 200,
      amountMinor: 20000,
      currency: 'GBP',
      provider: 'test',
      firstName: 'Vera',
      lastName: 'Vance',
      username: 'Vera',
      contestantErased: false,
    });
    expect(await payments.receipt(randomUUID())).toBeNull();
    // Once the contestant's account is erased, the receipt is told so (it then names no one).
    await db.pool.query('UPDATE users SET erased_at = now() WHERE id = $1', [vera.userId]);
    expect(await payments.receipt(p.id)).toMatchObject({ contestantErased: true });
    await db.pool.query('UPDATE users SET erased_at = NULL WHERE id = $1', [vera.userId]);

    expect(await payments.accountEmail(vera.profileId)).toBe('vera@example.com');
    expect(await payments.accountEmail(-1)).toBeNull();
    expect(await payments.username(vera.profileId)).toBe('Vera');
    expect(await payments.username(-1)).toBe('');
  });
});
