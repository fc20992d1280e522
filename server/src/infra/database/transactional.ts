import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel.js';

/**
 * Transactions declared on service methods (docs/decisions/009-one-way-to-the-database.md).
 *
 * A service method marked `@Transactional()` runs inside one database transaction; every repository
 * (BaseRepository) called while it runs, however deep, queries through that transaction's manager
 * without being handed it. A nested `@Transactional()` joins the open transaction. Outside one,
 * repositories use the pool.
 *
 * About 60 lines of our own instead of nestjs-cls + @nestjs-cls/transactional: those load
 * @nestjs/common (ES-only since Nest 12) with require(), which Jest cannot do on Node 20.
 */
interface OpenTransaction {
  dataSource: DataSource;
  manager: EntityManager;
  /** Run once the outermost transaction has committed (never after a rollback). */
  committed: (() => void)[];
}

const open = new AsyncLocalStorage<OpenTransaction>();

export interface TransactionOptions {
  isolationLevel?: IsolationLevel;
  /**
   * Always a transaction of its own, even inside another one (which then neither sees nor undoes
   * its work): for an all-or-none step whose failure its caller handles, such as claiming vote slots.
   */
  own?: boolean;
}

/** The app's transaction starter; one per process (the decorator finds it here). */
@Injectable()
export class Transactions implements OnApplicationShutdown {
  private static current: Transactions | null = null;

  constructor(private readonly dataSource: DataSource) {
    const other = Transactions.current;
    // Two live data sources in one process would send decorated methods to the wrong one, silently.
    if (other && other.dataSource !== dataSource && other.dataSource.isInitialized) {
      throw new Error('One Transactions per process: another data source is still open');
    }
    Transactions.current = this;
  }

  static get instance(): Transactions {
    if (!Transactions.current) throw new Error('@Transactional() used before the database module started');
    return Transactions.current;
  }

  /** Runs `work` in a transaction, or in the one already open for this data source (unless `own`). */
  run<T>(work: () => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const outer = open.getStore();
    if (outer && outer.dataSource === this.dataSource && !options.own) {
      // Joining cannot change the open transaction's isolation: asking for one there is a mistake.
      if (options.isolationLevel) throw new Error(`A ${options.isolationLevel} transaction cannot join one already open`);
      return work();
    }
    const committed: (() => void)[] = [];
    const begin = (manager: EntityManager) => open.run({ dataSource: this.dataSource, manager, committed }, work);
    const done = options.isolationLevel ? this.dataSource.transaction(options.isolationLevel, begin) : this.dataSource.transaction(begin);
    return done.then((result) => {
      for (const then of committed) then();
      return result;
    });
  }

  /**
   * Only at the very end of shutdown: until then requests still being answered and jobs being
   * drained (beforeApplicationShutdown) open transactions as usual.
   */
  onApplicationShutdown(): void {
    if (Transactions.current === this) Transactions.current = null;
  }
}

/** The manager of the transaction open for `dataSource`, or its pool manager. */
export function currentManager(dataSource: DataSource): EntityManager {
  const tx = open.getStore();
  return tx && tx.dataSource === dataSource ? tx.manager : dataSource.manager;
}

/**
 * Runs `then` once the transaction open for `dataSource` has committed (never if it rolls back), or
 * at once when none is open: for work that must see the commit, such as waking a job runner.
 */
export function afterCommit(dataSource: DataSource, then: () => void): void {
  const tx = open.getStore();
  if (tx && tx.dataSource === dataSource) tx.committed.push(then);
  else then();
}

/** Marks a service method as one transaction (joined when one is already open). */
export function Transactional(options: TransactionOptions = {}): MethodDecorator {
  return (_target, _key, descriptor: PropertyDescriptor) => {
    const method = descriptor.value as (...args: unknown[]) => Promise<unknown>;
    descriptor.value = function (this: unknown, ...args: unknown[]) {
      return Transactions.instance.run(() => method.apply(this, args), options);
    };
    return descriptor;
  };
}
