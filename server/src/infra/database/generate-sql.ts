import { SetMetadata } from '@nestjs/common';

/** The metadata key under which a repository method keeps its samples for the SQL snapshots. */
export const GENERATE_SQL = 'screamstage:generate-sql';

export interface SqlSample {
  /** Names the sample in the snapshot when a method has more than one. */
  name?: string;
  /** The method's arguments for this sample. */
  params: unknown[];
}

/**
 * Marks a repository method whose statements the snapshot files in server/src/queries record:
 * `npm run db:sql` calls it with each sample's arguments, inside a transaction it rolls back, and
 * writes the SQL it sent, so a change to a query shows in review. Every public repository method
 * that reaches the database carries it; without samples the method is called with no arguments.
 */
export const GenerateSql = (...samples: SqlSample[]): MethodDecorator => SetMetadata(GENERATE_SQL, samples.length > 0 ? samples : [{ params: [] }]);
