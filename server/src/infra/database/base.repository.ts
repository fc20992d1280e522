import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type EntityTarget, type ObjectLiteral, type Repository } from 'typeorm';
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
}
