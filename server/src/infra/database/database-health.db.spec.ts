import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions, MIGRATION_NAMES } from './data-source.js';
import { DatabaseHealth } from './database-health.js';

describe(DatabaseHealth.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let health: DatabaseHealth;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    health = new DatabaseHealth(ds);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should answer that the database answers', async () => {
    expect(await health.check()).toBe(true);
  });

  it('should tell migrated only while every migration this build knows is recorded as run', async () => {
    expect(await health.migrated()).toBe(true);
    const last = MIGRATION_NAMES[MIGRATION_NAMES.length - 1];
    await db.pool.query('DELETE FROM migrations WHERE name = $1', [last]);
    expect(await health.migrated()).toBe(false);
    await db.pool.query('INSERT INTO migrations (timestamp, name) VALUES ($1, $2)', [Number(last.match(/\d+$/)![0]), last]);
    expect(await health.migrated()).toBe(true);
  });

  it('should answer not migrated when it cannot tell', async () => {
    await db.pool.query('ALTER TABLE migrations RENAME TO migrations_away');
    try {
      expect(await health.migrated()).toBe(false);
    } finally {
      await db.pool.query('ALTER TABLE migrations_away RENAME TO migrations');
    }
  });
});
