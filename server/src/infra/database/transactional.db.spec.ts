import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Injectable, Module, type BeforeApplicationShutdown } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
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

  @Transactional()
  async addThenOwn(outer: string, own: string): Promise<void> {
    await this.notes.add(outer);
    await this.addOwn(own);
    throw new Error('outer fails');
  }

  @Transactional({ own: true })
  private async addOwn(text: string): Promise<void> {
    await this.notes.add(text);
  }

  @Transactional()
  async isolationInside(): Promise<string> {
    return this.isolation();
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

  it('should refuse to join an open transaction with another isolation level (it could not honour it)', async () => {
    await expect(service.isolationInside()).rejects.toThrow('A SERIALIZABLE transaction cannot join one already open');
  });

  it('should commit an own transaction inside another one that then rolls back', async () => {
    const before = await notes.count();
    await expect(service.addThenOwn('rolled back', 'kept')).rejects.toThrow('outer fails');
    expect(await notes.count()).toBe(before + 1);
    const [row] = (await ds.query('SELECT text FROM tx_notes ORDER BY id DESC LIMIT 1')) as { text: string }[];
    expect(row!.text).toBe('kept');
  });

  it('should refuse a second transaction starter for another open data source in the same process', async () => {
    const other = await new DataSource(dataSourceOptions(db.url, 1)).initialize();
    try {
      expect(() => new Transactions(other)).toThrow('One Transactions per process');
    } finally {
      await other.destroy();
    }
  });

  it('should still open transactions while the app shuts down (jobs drained in beforeApplicationShutdown)', async () => {
    @Injectable()
    class Drainer implements BeforeApplicationShutdown {
      error: unknown = null;
      constructor(private readonly notesService: NotesService) {}
      async beforeApplicationShutdown(): Promise<void> {
        await this.notesService.addOne('written while draining').catch((err: unknown) => (this.error = err));
      }
    }
    @Module({
      providers: [
        { provide: DataSource, useValue: ds },
        Transactions,
        { provide: NotesRepository, inject: [DataSource], useFactory: (source: DataSource) => new NotesRepository(source) },
        { provide: NotesService, inject: [NotesRepository], useFactory: (repo: NotesRepository) => new NotesService(repo) },
        Drainer,
      ],
    })
    class DrainModule {}

    const app = await NestFactory.createApplicationContext(DrainModule, { logger: false });
    const drainer = app.get(Drainer);
    const before = await notes.count();
    await app.close();
    expect(drainer.error).toBeNull();
    expect(await notes.count()).toBe(before + 1);
    new Transactions(ds); // the closed app let go of its starter; the other tests' service needs one
  });
});
