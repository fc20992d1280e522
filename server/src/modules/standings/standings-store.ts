/** An entry's count as the database holds it. */
export interface EntryVotes {
  id: number;
  votes: number;
}

/**
 * Where a group's live vote counts are kept besides the database: nothing more in one-process
 * mode (the database answers), a Redis sorted set per group in scaled mode. The database stays
 * the authority: the store is only ever written with counts the database committed.
 */
export abstract class StandingsStore {
  /** Votes were committed; each entry's count as the database answered it. */
  abstract recordVotes(groupId: number, entries: readonly EntryVotes[]): Promise<void>;
  /** The group's counts by entry id, given the database's view of them (read just now). */
  abstract currentVotes(groupId: number, fromDatabase: readonly EntryVotes[]): Promise<Map<number, number>>;
}

/** One-process mode: the database is the store. */
export class PostgresStandingsStore extends StandingsStore {
  async recordVotes(_groupId: number, _entries: readonly EntryVotes[]): Promise<void> {
    // The votes' transaction already wrote the counts.
  }

  async currentVotes(_groupId: number, fromDatabase: readonly EntryVotes[]): Promise<Map<number, number>> {
    return new Map(fromDatabase.map((e) => [e.id, e.votes]));
  }
}
