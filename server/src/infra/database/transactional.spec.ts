import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { BaseRepository } from './base.repository.js';
import { dataSourceOptions } from './data-source.js';
import { Transactional, Transactions } from './transactional.js';

class NotesRepository extends BaseRepository {
  async add(text: string): Promise<void> {
    await this.em.query('INSERT INTO tx_notes (text) VALUES ($1)', [text]);
  }
  async count(): Promise<number> {
    const [row] = (await this.em.query('SELECT count(*)::int AS n FROM tx_notes')) as { n: number }[];
    return row!.n;
  }
  async backendPid(): Promise<number> {
    const [row] = (await this.em.query('SELECT pg_backend_pid() AS pid')) as { pid: number }[];
    return row!.pid;
  }
  async isolation(): Promise<string> {
    const [row] = (await this.em.query('SHOW transaction_isolation')) as { transaction_isolation: string }[];
    return row!.transaction_isolation;
  }
}

class NotesService {
  constructor(private readonly notes: NotesRepository) {}

  @Transactional()
  async addTwo(first: string, second: string, fail = false): Promise<void> {
    await this.notes.add(first);
    await this.addOne(second);
    if (fail) throw new Error('changed my mind');
  }

  @Transactional()
  async addOne(text: string): Promise<void> {
    await this.notes.add(text);
  }

  @Transactional()
  async samePids(): Promise<number[]> {
    return [await this.notes.backendPid(), await this.notes.backendPid(), ...(await this.nestedPid())];
  }

  @Transactional()
  private async nestedPid(): Promise<number[]> {
    return [await this.notes.backendPid()];
  }

  @Transactional({ isolationLevel: 'SERIALIZABLE' })
  isolation(): Promise<string> {
    return this.notes.isolation();
  }
}

describe('@Transactional() and BaseRepository', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let notes: NotesRepository;
  let service: NotesService;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 4)).initialize();
    await ds.query('CREATE TABLE tx_notes (id serial PRIMARY KEY, text text NOT NULL)');
    new Transactions(ds);
    notes = new NotesRepository(ds);
    service = new NotesService(notes);
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should commit every write of a transactional method, nested calls included', async () => {
    const before = await notes.count();
    await service.addTwo('a', 'b');
    expect(await notes.count()).toBe(before + 2);
  });

  it('should roll back every write, nested calls included, when the method throws', async () => {
    const before = await notes.count();
    await expect(service.addTwo('c', 'd', true)).rejects.toThrow('changed my mind');
    expect(await notes.count()).toBe(before);
  });

  it('should run every query of one transaction, nested methods included, on one connection', async () => {
    const pids = await service.samePids();
    expect(new Set(pids).size).toBe(1);
  });

  it('should keep simultaneous transactions apart', async () => {
    const runs = await Promise.all([service.samePids(), service.samePids(), service.samePids()]);
    for (const pids of runs) expect(new Set(pids).size).toBe(1);
    expect(new Set(runs.map((p) => p[0])).size).toBe(3);
  });

  it('should open the transaction with the isolation level asked for', async () => {
    expect(await service.isolation()).toBe('serializable');
    expect(await notes.isolation()).toBe('read committed');
  });
});
