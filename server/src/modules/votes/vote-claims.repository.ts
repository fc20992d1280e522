import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { unnest } from '#server/infra/database/query-builder.js';
import type { VoteClaim } from './vote-limiter.js';

/** The rows of the claims' slots, one per (contestant, key), as an unnest() of three columns. */
function slotsOf(claims: readonly VoteClaim[]) {
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
  return unnest('c', { profile_id: ['int', profiles], voter_key: ['text', keys], vote_id: ['uuid', votes] });
}

/** The free-vote slots of one-process mode (`vote_claims`), for PostgresVoteLimiter. */
@Injectable()
export class VoteClaimsRepository extends BaseRepository {
  /**
   * Takes the claims' slots in one statement (no two claims may share a slot); answers how many
   * slots each vote took, by vote id. Takes every slot that is free or expired; a held slot is
   * neither changed nor returned. Rows in one order (contestant, key), so two transactions taking
   * the same slots cannot deadlock.
   */
  async take(claims: readonly VoteClaim[], windowSeconds: number): Promise<Map<string, number>> {
    const taken = await this.rows(
      this.db
        .insertInto('vote_claims')
        .columns(['profile_id', 'voter_key', 'expires_at', 'vote_id'])
        .expression(
          this.db
            .selectFrom(slotsOf(claims))
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
    const counts = new Map<string, number>();
    for (const { vote_id } of taken) counts.set(vote_id, (counts.get(vote_id) ?? 0) + 1);
    return counts;
  }

  /** Deletes the claims' slots that their own votes hold; others' stay. */
  async release(claims: readonly VoteClaim[]): Promise<void> {
    await this.run(
      this.db
        .deleteFrom('vote_claims as v')
        .using(slotsOf(claims))
        .whereRef('v.profile_id', '=', 'c.profile_id')
        .whereRef('v.voter_key', '=', 'c.voter_key')
        .whereRef('v.vote_id', '=', 'c.vote_id'),
    );
  }

  /** The latest expiry of the keys' slots still held for the contestant; null when none is. */
  async lastExpiry(profileId: number, voterKeys: readonly string[]): Promise<Date | null> {
    const row = await this.first(
      this.db
        .selectFrom('vote_claims')
        .select((eb) => eb.fn.max<Date | null>('expires_at').as('until'))
        .where('profile_id', '=', profileId)
        .where((eb) => eb('voter_key', '=', eb.fn.any(eb.val([...voterKeys]))))
        .where('expires_at', '>', sql<Date>`now()`),
    );
    return row?.until ?? null;
  }

  async anyHeld(profileId: number, voterKeys: readonly string[]): Promise<boolean> {
    return (await this.lastExpiry(profileId, voterKeys)) !== null;
  }

  async deleteExpired(): Promise<void> {
    await this.run(this.db.deleteFrom('vote_claims').where('expires_at', '<=', sql<Date>`now()`));
  }
}
