import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { BaseRepository } from './base.repository.js';
import { dataSourceOptions } from './data-source.js';
import { Transactional, Transactions } from './transactional.js';

/** The smallest repository: one query of each kind over the users table. */
class AccountsRepository extends BaseRepository {
  add(username: string) {
    return this.first(
      this.db
        .insertInto('users')
        .values({ username, email: `${username}@example.com`, password_hash: 'x' })
        .returning(['id', 'username', 'created_at']),
    );
  }

  named(prefix: string) {
    return this.rows(this.db.selectFrom('users').select(['id', 'username', 'is_verified']).where('username', 'like', `${prefix}%`).orderBy('id'));
  }

  verify(prefix: string) {
    return this.run(this.db.updateTable('users').set({ is_verified: true }).where('username', 'like', `${prefix}%`));
  }

  /** The session and transaction a statement ran in. */
  where() {
    return this.first(this.db.selectNoFrom([sql<number>`pg_backend_pid()`.as('pid'), sql<string>`txid_current()::text`.as('txid')]));
  }
}

class AccountsService {
  constructor(private readonly accounts: AccountsRepository) {}

  /** Adds the accounts one by one, then fails when told to, reporting what it saw on the way. */
  @Transactional()
  async addAll(usernames: string[], fail: boolean, seen: (step: { visible: number; where: { pid: number; txid: string } | undefined }) => Promise<void>) {
    for (const username of usernames) {
      await this.accounts.add(username);
      await seen({ visible: (await this.accounts.named(usernames[0].slice(0, 3))).length, where: await this.accounts.where() });
    }
    if (fail) throw new Error('the action fails after its writes');
  }
}

describe(BaseRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let accounts: AccountsRepository;
  let service: AccountsService;

  /** What another session sees, committed rows only. */
  const committed = async (prefix: string) =>
    (await db.pool.query(`SELECT count(*)::int AS n FROM users WHERE username LIKE $1`, [`${prefix}%`])).rows[0].n as number;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 3)).initialize();
    new Transactions(ds);
    accounts = new AccountsRepository(ds);
    service = new AccountsService(accounts);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it("should answer a built query's rows, its first row (undefined for none) and how many rows a statement changed", async () => {
    const added = await accounts.add('pool_a');
    expect(added).toEqual({ id: expect.any(Number), username: 'pool_a', created_at: expect.any(Date) });
    await accounts.add('pool_b');
    expect(await accounts.named('pool_')).toEqual([
      { id: added!.id, username: 'pool_a', is_verified: false },
      { id: added!.id + 1, username: 'pool_b', is_verified: false },
    ]);
    expect(await accounts.named('nobody')).toEqual([]);
    expect(await accounts.verify('pool_')).toBe(2);
    expect(await accounts.verify('nobody')).toBe(0);
    expect((await accounts.named('pool_')).map((u) => u.is_verified)).toEqual([true, true]);
  });

  it('should commit each statement at once on the pool, outside a transaction', async () => {
    await accounts.add('auto_a');
    expect(await committed('auto_')).toBe(1);
    const [first, second] = [await accounts.where(), await accounts.where()];
    expect(first?.txid).not.toBe(second?.txid);
  });

  it('should run every statement in the open transaction: its writes seen inside, by no one else until it commits', async () => {
    const steps: { visible: number; committed: number; where: { pid: number; txid: string } | undefined }[] = [];
    await service.addAll(['txn_a', 'txn_b'], false, async ({ visible, where }) => {
      steps.push({ visible, committed: await committed('txn_'), where });
    });
    expect(steps.map((s) => [s.visible, s.committed])).toEqual([
      [1, 0],
      [2, 0],
    ]);
    expect(steps[1].where).toEqual(steps[0].where);
    expect(await committed('txn_')).toBe(2);
  });

  it('should leave nothing when the transaction rolls back', async () => {
    const seen: number[] = [];
    await expect(
      service.addAll(['gone_a', 'gone_b'], true, async ({ visible }) => {
        seen.push(visible);
      }),
    ).rejects.toThrow('the action fails after its writes');
    expect(seen).toEqual([1, 2]);
    expect(await committed('gone_')).toBe(0);
    expect(await accounts.named('gone_')).toEqual([]);
  });
});
