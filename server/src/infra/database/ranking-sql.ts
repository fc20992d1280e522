import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * The SQL form of the one ranking rule (rankByVotes in server/src/modules/standings/ranking.ts), for
 * queries that rank in the database: by `votes`, highest first, tied rows sharing the standard
 * competition rank (1, 1, 3), within each `partition` (null: over every row). The rule's tie order
 * (earlier joined first) does not change a rank; a query that lists ranked rows orders ties itself.
 */
export function rankByVotesSql(votes: Expression<number>, partition: Expression<unknown> | null): RawBuilder<number> {
  const over = partition ? sql`PARTITION BY ${partition} ORDER BY ${votes} DESC` : sql`ORDER BY ${votes} DESC`;
  return sql<number>`(rank() OVER (${over}))::int`;
}
