/** What ranking needs of an entry; joined_at in milliseconds. */
export interface RankInput {
  id: number;
  current_contest_votes: number;
  joined_at: number;
}

/**
 * The one ranking rule (docs/product.md#ranking), used by the leaderboards, the live standings and
 * every profile's current_position_in_group: by votes, highest first; ties are listed earlier
 * joined first and share the standard competition rank (1, 1, 3). Queries that rank in the database
 * use its SQL form, rankByVotesSql (server/src/infra/database/ranking-sql.ts).
 */
export function rankByVotes<T extends RankInput>(entries: readonly T[]): (T & { rank: number })[] {
  const sorted = [...entries].sort((a, b) => b.current_contest_votes - a.current_contest_votes || a.joined_at - b.joined_at || a.id - b.id);
  let rank = 0;
  return sorted.map((entry, i) => {
    if (i === 0 || entry.current_contest_votes !== sorted[i - 1].current_contest_votes) rank = i + 1;
    return { ...entry, rank };
  });
}
