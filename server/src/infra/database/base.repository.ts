import { Injectable } from '@nestjs/common';
import type { Compilable } from 'kysely';
import { DataSource, type EntityManager, type EntityTarget, type ObjectLiteral, type Repository } from 'typeorm';
import { queryBuilder } from './query-builder.js';
import { currentManager } from './transactional.js';

/**
 * The one shape of a repository (docs/decisions/009-one-way-to-the-database.md). Queries run on
 * `this.em`: the manager of the transaction a service method opened with `@Transactional()`, or the
 * pool's manager outside one. Repositories never open transactions and never take a manager as a
 * parameter.
 */
@Injectable()
export abstract class BaseRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The current transaction's manager, or the pool's when no transaction is open. */
  protected get em(): EntityManager {
    return currentManager(this.dataSource);
  }

  protected repo<T extends ObjectLiteral>(entity: EntityTarget<T>): Repository<T> {
    return this.em.getRepository(entity);
  }

  /** Builds queries over the schema's generated types; rows(), first() and run() execute them. */
  protected readonly db = queryBuilder;

  /** A built query's rows, typed by the query itself, in the current transaction (or on the pool). */
  protected async rows<O>(query: Compilable<O>): Promise<O[]> {
    return (await execute(this.em, query)).rows;
  }

  /** A built query's first row, or undefined when it has none. */
  protected async first<O>(query: Compilable<O>): Promise<O | undefined> {
    return (await this.rows(query))[0];
  }

  /** Runs a built statement that answers no rows; answers how many rows it changed. */
  protected async run(query: Compilable<unknown>): Promise<number> {
    return (await execute(this.em, query)).affected;
  }
}

/**
 * Runs a built query on `em`: on its transaction's connection, or on one of the pool's for this call
 * alone when it has none (as EntityManager.query does). Answers its rows, typed by the query itself,
 * and how many rows it changed. Adapters under infra/ that are not repositories run their queries here too.
 */
export async function execute<O>(em: EntityManager, query: Compilable<O>): Promise<{ rows: O[]; affected: number }> {
  const { sql, parameters } = query.compile();
  const runner = em.queryRunner ?? em.connection.createQueryRunner();
  try {
    const result = await runner.query(sql, [...parameters], true);
    // The one place a driver's untyped rows meet the query's type: the query was built from the schema.
    return { rows: result.records as O[], affected: result.affected ?? 0 };
  } finally {
    if (!em.queryRunner) await runner.release();
  }
}
