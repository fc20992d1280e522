import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import { prepared, queryBuilder as db, unnest } from '#server/infra/database/query-builder.js';
import type { VoteClaim } from './vote-limiter.js';

/** The rows of the claims' slots, one per (contestant, key), as three parallel arrays. */
function slotsOf(claims: readonly VoteClaim[]): [number[], string[], string[]] {
  const profiles: number[] = [];
  const keys: string[] = [];
  const votes: string[] = [];
  for (const c of claims) {
    for (const key of new Set(c.voterKeys)) {
      profiles.push(c.profileId);
      keys.push(key);
      votes.push(c.voteId);
    }
  }
  return [profiles, keys, votes];
}

const slots = (profiles: number[], keys: string[], votes: string[]) =>
  unnest('c', { profile_id: ['int', profiles], voter_key: ['text', keys], vote_id: ['uuid', votes] });

/**
 * Takes every slot that is free or expired; a held slot is neither changed nor returned. Rows in one
 * order (contestant, key), so two transactions taking the same slots cannot deadlock.
 */
const TAKE = prepared(4, (profiles: number[], keys: string[], votes: string[], windowSeconds: number) =>
  db
    .insertInto('vote_claims')
    .columns(['profile_id', 'voter_key', 'expires_at', 'vote_id'])
    .expression(
      db
        .selectFrom(slots(profiles, keys, votes))
        .select(['c.profile_id', 'c.voter_key', sql<Date>`now() + make_interval(secs => ${windowSeconds})`.as('expires_at'), 'c.vote_id'])
        .orderBy('c.profile_id')
        .orderBy('c.voter_key'),
    )
    .onConflict((oc) =>
      oc
        .columns(['profile_id', 'voter_key'])
        .doUpdateSet((eb) => ({ expires_at: eb.ref('excluded.expires_at'), vote_id: eb.ref('excluded.vote_id') }))
        .where('vote_claims.expires_at', '<=', sql<Date>`now()`),
    )
    .returning('vote_id'),
);

/** Deletes the slots that their own votes hold; others' stay. */
const RELEASE = prepared(3, (profiles: number[], keys: string[], votes: string[]) =>
  db
    .deleteFrom('vote_claims as v')
    .using(slots(profiles, keys, votes))
    .whereRef('v.profile_id', '=', 'c.profile_id')
    .whereRef('v.voter_key', '=', 'c.voter_key')
    .whereRef('v.vote_id', '=', 'c.vote_id'),
);

/** The latest expiry of the keys' slots still held for the contestant (null when none is). */
const LAST_EXPIRY = prepared(2, (profileId: number, voterKeys: readonly string[]) =>
  db
    .selectFrom('vote_claims')
    .select((eb) => eb.fn.max<Date | null>('expires_at').as('until'))
    .where('profile_id', '=', profileId)
    .where((eb) => eb('voter_key', '=', eb.fn.any(eb.val(voterKeys))))
    .where('expires_at', '>', sql<Date>`now()`),
);

/** The free-vote slots of one-process mode (`vote_claims`), for PostgresVoteLimiter. */
@Injectable()
export class VoteClaimsRepository extends BaseRepository {
  /** Takes the claims' slots in one statement (no two claims may share a slot); answers how many slots each vote took, by vote id. */
  @GenerateSql({ params: [[{ profileId: 1, voterKeys: ['net:a', 'user:1'], voteId: '00000000-0000-4000-8000-000000000001' }], 86_400] })
  async take(claims: readonly VoteClaim[], windowSeconds: number): Promise<Map<string, number>> {
    const taken = await this.rows(TAKE(...slotsOf(claims), windowSeconds));
    const counts = new Map<string, number>();
    for (const { vote_id } of taken) counts.set(vote_id, (counts.get(vote_id) ?? 0) + 1);
    return counts;
  }

  /** Deletes the claims' slots that their own votes hold; others' stay. */
  @GenerateSql({ params: [[{ profileId: 1, voterKeys: ['net:a', 'user:1'], voteId: '00000000-0000-4000-8000-000000000001' }]] })
  async release(claims: readonly VoteClaim[]): Promise<void> {
    await this.run(RELEASE(...slotsOf(claims)));
  }

  /** The latest expiry of the keys' slots still held for the contestant; null when none is. */
  @GenerateSql({ params: [1, ['net:a', 'user:1']] })
  async lastExpiry(profileId: number, voterKeys: readonly string[]): Promise<Date | null> {
    return (await this.first(LAST_EXPIRY(profileId, voterKeys)))?.until ?? null;
  }

  @GenerateSql({ params: [1, ['net:a', 'user:1']] })
  async anyHeld(profileId: number, voterKeys: readonly string[]): Promise<boolean> {
    return (await this.lastExpiry(profileId, voterKeys)) !== null;
  }

  @GenerateSql()
  async deleteExpired(): Promise<void> {
    await this.run(this.db.deleteFrom('vote_claims').where('expires_at', '<=', sql<Date>`now()`));
  }
}
