// The import rules of eslint.config.js, proven on probe files: each forbidden import must fail lint and
// the allowed import beside it must pass (docs/architecture.md, "Allowed imports").
import { describe, expect, it } from '@jest/globals';
import { lint, rules } from './lint-probe.js';

describe('lint boundaries', () => {
  it('should refuse a feature importing another feature, and allow the shared layers', () => {
    const file = 'client/src/features/auth/pages/probe-page.tsx';
    expect(rules(lint(file, "export { AdminDashboardPage } from '@/features/admin-dashboard/pages/admin-dashboard-page';\n"))).toContain(
      'import-x/no-restricted-paths',
    );
    expect(lint(file, "export { Button } from '@/components/ui/button';\n")).toEqual([]);
  });

  it('should refuse components/, lib/ and hooks/ importing a feature or the app', () => {
    expect(rules(lint('client/src/lib/probe.ts', "export { LoginPage } from '@/features/auth/pages/login-page';\n"))).toContain('import-x/no-restricted-paths');
    expect(rules(lint('client/src/components/probe.tsx', "export { store } from '@/app/store';\n"))).toContain('import-x/no-restricted-paths');
  });

  it('should refuse common/ and infra/ importing a module', () => {
    const source = "export type { UserEntity } from '#server/modules/users/entities/user.entity.js';\n";
    expect(rules(lint('server/src/infra/probe.ts', source))).toContain('import-x/no-restricted-paths');
    expect(rules(lint('server/src/common/probe.ts', source))).toContain('import-x/no-restricted-paths');
  });

  it("should refuse a module reaching into another module's repository, and allow its service", () => {
    const file = 'server/src/modules/votes/probe.ts';
    expect(rules(lint(file, "export { ContestsRepository } from '#server/modules/contests/contests.repository.js';\n"))).toContain(
      'import-x/no-restricted-paths',
    );
    expect(lint(file, "export { ContestsService } from '#server/modules/contests/contests.service.js';\n")).toEqual([]);
  });

  it("should refuse a module adding another module's jobs, and allow running its own jobs on that module's queues", () => {
    const file = 'server/src/modules/payments/probe.ts';
    expect(rules(lint(file, "export { COUNT_VOTES } from '#server/modules/votes/intake/vote-jobs.js';\n"))).toContain('import-x/no-restricted-paths');
    expect(rules(lint(file, "export { VotesRepository } from '#server/modules/votes/intake/votes.repository.js';\n"))).toContain(
      'import-x/no-restricted-paths',
    );
    expect(lint(file, "export { VotesService } from '#server/modules/votes/intake/votes.service.js';\n")).toEqual([]);
    expect(lint(file, "export { VOTES_QUEUE } from '#server/modules/votes/votes.queues.js';\n")).toEqual([]);
  });

  it('should refuse infra/queue importing the jobs another adapter declares, and allow it the database', () => {
    const file = 'server/src/infra/queue/probe.ts';
    expect(rules(lint(file, "export { SEND_EMAIL } from '#server/infra/mail/mail-jobs.js';\n"))).toContain('import-x/no-restricted-paths');
    expect(lint(file, "export { Transactions } from '#server/infra/database/transactional.js';\n")).toEqual([]);
  });

  it('should refuse an import that climbs more than one folder', () => {
    expect(rules(lint('client/src/features/auth/pages/probe-page.tsx', "export { Button } from '../../../components/ui/button';\n"))).toContain(
      'no-restricted-imports',
    );
  });

  it('should refuse a relative import leaving its own server folder, and allow #server/… and ../ inside a module', () => {
    expect(rules(lint('server/src/modules/votes/probe.ts', "export { ContestsService } from '../contests/contests.service.js';\n"))).toContain(
      'no-restricted-imports',
    );
    expect(rules(lint('server/src/infra/mail/probe.ts', "export { JobQueue } from '../queue/jobs.js';\n"))).toContain('no-restricted-imports');
    expect(rules(lint('server/src/common/auth/probe.ts', "export { detailError } from '../errors.js';\n"))).toContain('no-restricted-imports');
    expect(rules(lint('server/src/cli/probe.ts', "export { loadConfig } from '../config/config.js';\n"))).toContain('no-restricted-imports');
    expect(lint('server/src/modules/votes/probe.ts', "export { ContestsService } from '#server/modules/contests/contests.service.js';\n")).toEqual([]);
    expect(lint('server/src/modules/votes/review/probe.ts', "export { VotesService } from '../intake/votes.service.js';\n")).toEqual([]);
  });

  it("should refuse the client importing an answer's schema as a value, and allow its type", () => {
    const file = 'client/src/features/votes/probe.ts';
    expect(rules(lint(file, "import { leaderboardItemSchema } from '#contract/votes/answers';\nexport const schema = leaderboardItemSchema;\n"))).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
    expect(lint(file, "import type { LeaderboardItem } from '#contract/votes/answers';\nexport type Item = LeaderboardItem;\n")).toEqual([]);
    expect(lint(file, "import { VOTE_MESSAGES } from '#contract/votes/messages';\nexport const messages = VOTE_MESSAGES;\n")).toEqual([]);
  });

  it('should refuse an import that does not resolve (it would slip past the boundaries)', () => {
    expect(rules(lint('server/src/modules/votes/probe.ts', "export { Nothing } from '#server/modules/nowhere/nothing.service.js';\n"))).toContain(
      'import-x/no-unresolved',
    );
  });
});
