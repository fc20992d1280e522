import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import { execute } from './base.repository.js';
import { queryBuilder } from './query-builder.js';

/**
 * TypeORM's record of the migrations that ran: its own table, which the generated schema leaves out.
 * Only the column read here is declared.
 */
const withMigrations = queryBuilder.withTables<{ migrations: { name: string } }>();

/** The health probe of the database: one trivial query on the pool. */
@Injectable()
export class DatabaseHealth {
  constructor(private readonly dataSource: DataSource) {}

  /** True when the database answers. */
  async check(): Promise<boolean> {
    return this.dataSource.query('SELECT 1').then(
      () => true,
      () => false,
    );
  }

  /** True when every migration this build knows has run on the database (false when it cannot tell). */
  async migrated(): Promise<boolean> {
    const names = this.dataSource.migrations.map((m) => m.name).filter((n): n is string => Boolean(n));
    const ran = withMigrations
      .selectFrom('migrations')
      .select(sql<number>`count(*)::int`.as('n'))
      .where((eb) => eb('name', '=', eb.fn.any(eb.val(names))));
    return execute(this.dataSource.manager, ran).then(
      ({ rows }) => rows[0].n === names.length,
      () => false,
    );
  }
}
