import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

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
    return this.dataSource.query('SELECT count(*)::int AS n FROM migrations WHERE name = ANY($1)', [names]).then(
      (rows: { n: number }[]) => rows[0].n === names.length,
      () => false,
    );
  }
}
