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
}
