import type { DataSource, EntityManager } from 'typeorm';

// Several api replicas may start at once on a fresh database (scaled mode): seeding and admin
// promotion run in a transaction holding this advisory lock, so exactly one replica does each.
const SEED_LOCK_KEY = 727275; // migrations use 727274

export function withSeedLock<T>(ds: DataSource, work: (em: EntityManager) => Promise<T>): Promise<T> {
  return ds.transaction(async (em) => {
    await em.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    return work(em);
  });
}
