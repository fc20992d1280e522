// The vote ledger: one row per counted vote, keyed by the vote id the API answered with.
import type pg from 'pg';

/** Every vote id in the ledger (as text), duplicates included. */
export async function ledgerVoteIds(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>('SELECT id::text AS id FROM votes');
  return rows.map((r) => r.id);
}
