import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Vote review: each free vote keeps the keyed hash of its wider network block (an IPv4 /24, an IPv6
 * /48) for the suspicious-vote rules; the scoring job's flags; voided votes as ledger rows of the
 * opposite sign (kind 'void', weight -1, naming the vote they cancel, dated like it); each void's
 * record, shown to the contestant; and a contest's own rule for the free-vote challenge.
 */
export class VoteReview1767830000000 implements MigrationInterface {
  name = 'VoteReview1767830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE votes ADD COLUMN block_hash char(64)`);
    await q.query(`ALTER TABLE votes ADD COLUMN reverses uuid`);
    // The new checks are looser than the old ones for every existing row (none is a void yet), so they
    // are added NOT VALID: enforced for every row written from now on, without scanning the whole ledger
    // under this migration's lock.
    await q.query(`ALTER TABLE votes DROP CONSTRAINT votes_kind_check`);
    await q.query(`ALTER TABLE votes ADD CONSTRAINT votes_kind_check CHECK (kind IN ('free', 'paid', 'void')) NOT VALID`);
    await q.query(`ALTER TABLE votes DROP CONSTRAINT votes_weight_check`);
    // A free vote weighs 1, a void -1 and names the vote it cancels; a paid row any non-zero amount.
    await q.query(
      `ALTER TABLE votes ADD CONSTRAINT votes_weight_check CHECK (
         (kind = 'paid' AND weight <> 0 AND reverses IS NULL)
         OR (kind = 'free' AND weight = 1 AND reverses IS NULL)
         OR (kind = 'void' AND weight = -1 AND reverses IS NOT NULL)) NOT VALID`,
    );
    // A vote is voided at most once, and the lookup "is this vote voided" is an index probe.
    await q.query(`CREATE UNIQUE INDEX votes_reverses_idx ON votes (reverses) WHERE reverses IS NOT NULL`);

    // The scoring job's current view: one row per entry and rule, kept while the rule holds.
    await q.query(`
      CREATE TABLE vote_flags (
        entry_id integer NOT NULL REFERENCES contest_entries(id) ON DELETE CASCADE,
        kind varchar(32) NOT NULL,
        contest_id integer NOT NULL,
        detail text NOT NULL,
        votes integer NOT NULL,
        since timestamptz NOT NULL,
        last_seen timestamptz NOT NULL,
        PRIMARY KEY (entry_id, kind)
      )`);
    await q.query(`CREATE INDEX vote_flags_contest_idx ON vote_flags (contest_id, last_seen DESC)`);
    // The scorings made, one row per interval slot: however many workers queue a slot, one scores it.
    await q.query(`CREATE TABLE vote_scorings (slot timestamptz PRIMARY KEY)`);

    // What an admin voided and why: the contestant sees it on their dashboard.
    await q.query(`
      CREATE TABLE vote_reviews (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        entry_id integer NOT NULL REFERENCES contest_entries(id) ON DELETE CASCADE,
        profile_id integer NOT NULL,
        contest_id integer NOT NULL,
        from_at timestamptz NOT NULL,
        to_at timestamptz NOT NULL,
        network_hash char(64),
        reason text NOT NULL,
        removed integer NOT NULL,
        actor_id integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX vote_reviews_profile_idx ON vote_reviews (profile_id, created_at DESC)`);

    // A contest's own proof-of-work rule for free votes; NULL follows the site's VOTE_CHALLENGE.
    await q.query(`ALTER TABLE contests ADD COLUMN vote_challenge varchar(16) CHECK (vote_challenge IN ('off', 'flagged', 'always'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE contests DROP COLUMN vote_challenge');
    await q.query('DROP TABLE vote_reviews');
    await q.query('DROP TABLE vote_scorings');
    await q.query('DROP TABLE vote_flags');
    // The old schema cannot hold a void: the voided votes count again, so the ledger and the counters still agree.
    await q.query(
      `UPDATE contest_entries ce SET current_contest_votes = ce.current_contest_votes + s.n FROM (SELECT entry_id, count(*)::int AS n FROM votes WHERE kind = 'void' GROUP BY entry_id) s WHERE ce.id = s.entry_id`,
    );
    await q.query(
      `UPDATE contestant_profiles cp SET total_votes = cp.total_votes + s.n FROM (SELECT profile_id, count(*)::int AS n FROM votes WHERE kind = 'void' GROUP BY profile_id) s WHERE cp.id = s.profile_id`,
    );
    await q.query(`DELETE FROM votes WHERE kind = 'void'`);
    await q.query(`DROP INDEX votes_reverses_idx`);
    await q.query(`ALTER TABLE votes DROP CONSTRAINT votes_weight_check`);
    await q.query(`ALTER TABLE votes ADD CONSTRAINT votes_weight_check CHECK (weight <> 0 AND (kind = 'paid' OR weight = 1))`);
    await q.query(`ALTER TABLE votes DROP CONSTRAINT votes_kind_check`);
    await q.query(`ALTER TABLE votes ADD CONSTRAINT votes_kind_check CHECK (kind IN ('free', 'paid'))`);
    await q.query(`ALTER TABLE votes DROP COLUMN reverses`);
    await q.query(`ALTER TABLE votes DROP COLUMN block_hash`);
  }
}
