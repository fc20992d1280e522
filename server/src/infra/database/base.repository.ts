import { Injectable } from '@nestjs/common';
import type { Compilable } from 'kysely';
import { DataSource, type EntityManager, type EntityTarget, type ObjectLiteral, type QueryRunner, type Repository } from 'typeorm';
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
    const { sql, parameters } = query.compile();
    const result = await this.onRunner((runner) => runner.query(sql, [...parameters], true));
    // The one place a driver's untyped rows meet the query's type: the query was built from the schema.
    return result.records as O[];
  }

  /** A built query's first row, or undefined when it has none. */
  protected async first<O>(query: Compilable<O>): Promise<O | undefined> {
    return (await this.rows(query))[0];
  }

  /** Runs a built statement that answers no rows; answers how many rows it changed. */
  protected async run(query: Compilable<unknown>): Promise<number> {
    const { sql, parameters } = query.compile();
    const result = await this.onRunner((runner) => runner.query(sql, [...parameters], true));
    return result.affected ?? 0;
  }

  /** The current transaction's connection, or one of the pool's for this call alone (as EntityManager.query does). */
  private async onRunner<T>(work: (runner: QueryRunner) => Promise<T>): Promise<T> {
    const em = this.em;
    const runner = em.queryRunner ?? em.connection.createQueryRunner();
    try {
      return await work(runner);
    } finally {
      if (!em.queryRunner) await runner.release();
    }
  }
}
