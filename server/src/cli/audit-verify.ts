// `npm run audit-verify`: checks the admin audit log's digest chain in the database of DATABASE_URL, else
// DATA_DIR's embedded PostgreSQL (a running app's, or started for the check), as the admin page does.
// docs/decisions/038-tamper-evident-audit-and-safe-restore.md
// Exit codes: 0 intact, 1 broken or failed (database unreachable...), 2 bad arguments or configuration.
import 'reflect-metadata';
import { AuditRepository } from '#server/modules/audit/audit.repository.js';
import { AuditService } from '#server/modules/audit/audit.service.js';
import { loadCliConfig, withCliDataSource } from './cli-database.js';

const USAGE = 'usage: npm run audit-verify';

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(`${USAGE}\nChecks that every admin audit entry's digest follows from the one before it; names the first entry that does not.`);
    return 0;
  }
  if (argv.length) {
    console.error(`audit-verify: unexpected argument '${argv[0]}'`);
    console.error(USAGE);
    return 2;
  }
  const config = loadCliConfig();
  if (!config) return 2;
  const { result: chain, where } = await withCliDataSource(config, (ds) => new AuditService(new AuditRepository(ds)).verifyChain());
  if (!chain.intact) {
    console.error(
      `audit-verify: the digest chain is broken at entry #${chain.first_broken_id} (${chain.entries} intact before it): it, or the entry before it, was changed, added or removed outside the app (${where})`,
    );
    return 1;
  }
  console.log(
    chain.head
      ? `Audit log digest chain intact: ${chain.entries} entries, newest digest ${chain.head} (${where})`
      : `Audit log digest chain intact: no entries yet (${where})`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`audit-verify: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
