// Every public repository method carries @GenerateSql (eslint.config.js), so that the SQL snapshots in
// server/src/queries cover it: proven on a probe repository.
import { describe, expect, it } from '@jest/globals';
import { lint, rules } from './lint-probe.js';

describe('lint of repository methods', () => {
  it('should refuse a public repository method without @GenerateSql, and allow a marked one and private helpers', () => {
    const source = `
import { Injectable } from '@nestjs/common';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';

@Injectable()
export class ProbeRepository extends BaseRepository {
  async unmarked(id: number): Promise<number> {
    return this.helper(id);
  }

  @GenerateSql({ params: [1] })
  async marked(id: number): Promise<number> {
    return this.helper(id);
  }

  private helper(id: number): Promise<number> {
    return this.run(this.db.deleteFrom('groups').where('id', '=', id));
  }
}
`;
    const messages = lint('server/src/modules/contests/probe.repository.ts', source);
    expect(rules(messages)).toEqual(['no-restricted-syntax']);
    expect(messages[0].message).toContain('@GenerateSql');
  });
});
