import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aProfile, aUser } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { VoteClaimsRepository } from './vote-claims.repository.js';

describe(VoteClaimsRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let claims: VoteClaimsRepository;
  let profileId: number;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    claims = new VoteClaimsRepository(ds);
    profileId = (await aProfile(db, (await aUser(db)).id)).id;
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should take free slots, not held ones, and count each vote once per key', async () => {
    const a = { profileId, voterKeys: ['net:a', 'user:1'], voteId: randomUUID() };
    const b = { profileId, voterKeys: ['net:b'], voteId: randomUUID() };
    expect(await claims.take([a, b], 60)).toEqual(
      new Map([
        [a.voteId, 2],
        [b.voteId, 1],
      ]),
    );
    const again = { profileId, voterKeys: ['net:a', 'net:c'], voteId: randomUUID() };
    expect(await claims.take([again], 60)).toEqual(new Map([[again.voteId, 1]]));
    expect(await claims.anyHeld(profileId, ['net:a'])).toBe(true);
    expect(await claims.lastExpiry(profileId, ['net:b', 'net:zzz'])).toEqual(expect.any(Date));
    expect(await claims.lastExpiry(profileId, ['net:zzz'])).toBeNull();

    // Giving back releases only the slots that vote holds.
    await claims.release([again]);
    expect(await claims.anyHeld(profileId, ['net:c'])).toBe(false);
    expect(await claims.anyHeld(profileId, ['net:a'])).toBe(true);
  });

  it('should take over an expired slot and sweep expired ones away', async () => {
    const old = { profileId, voterKeys: ['net:old'], voteId: randomUUID() };
    expect(await claims.take([old], 0)).toEqual(new Map([[old.voteId, 1]]));
    expect(await claims.anyHeld(profileId, ['net:old'])).toBe(false);
    const fresh = { profileId, voterKeys: ['net:old'], voteId: randomUUID() };
    expect(await claims.take([fresh], 0)).toEqual(new Map([[fresh.voteId, 1]]));
    await claims.deleteExpired();
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM vote_claims WHERE voter_key = $1', ['net:old']);
    expect(rows[0].n).toBe(0);
  });
});
