// `npm run reconcile-payments`: the admin payments page's reconciliation check for an
// operator or a cron job. Prints the sums, any problem and every payment paid but not credited.
// Exit codes: 0 everything agrees, 1 the check found problems (or the database was unreachable...),
// 2 bad arguments or configuration. `--json` prints the answer of GET /admin/payments/reconciliation.
import 'reflect-metadata';
import type { PaymentReconciliation } from '#contract/payments/answers.js';
import { formatMoney } from '#contract/payments/currencies.js';
import { AdminPaymentsRepository } from '#server/modules/payments/admin-payments.repository.js';
import { AdminPaymentsService } from '#server/modules/payments/admin-payments.service.js';
import { PaymentExpiry } from '#server/modules/payments/payment-expiry.js';
import { PaymentsRepository } from '#server/modules/payments/payments.repository.js';
import { loadCliConfig, withCliDataSource } from './cli-database.js';

const USAGE = 'usage: npm run reconcile-payments [-- --json]';

async function main(argv: string[]): Promise<number> {
  const unknown = argv.filter((a) => a !== '--json' && a !== '--help' && a !== '-h');
  if (unknown.length) {
    console.error(`reconcile-payments: unknown option '${unknown[0]}'`);
    console.error(USAGE);
    return 2;
  }
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(
      `${USAGE}\nChecks that the credited payments' votes equal the paid votes of the ledger, the entries and the profiles, and lists payments paid but not credited.`,
    );
    return 0;
  }
  const config = loadCliConfig();
  if (!config) return 2;
  // Read-only: no transaction needed (the sums are one statement, one snapshot).
  const { result, where } = await withCliDataSource(config, (ds) =>
    new AdminPaymentsService(new AdminPaymentsRepository(ds), new PaymentExpiry(new PaymentsRepository(ds), config)).reconcile(),
  );
  console.log(argv.includes('--json') ? JSON.stringify(result, null, 2) : describe(result, where));
  return result.ok ? 0 : 1;
}

function describe(r: PaymentReconciliation, where: string): string {
  const lines = [
    r.ok ? 'Payments reconcile: OK' : 'Payments reconcile: NOT OK',
    `  credited payments' votes  ${r.credited_votes}`,
    `  paid ledger rows          ${r.ledger_paid_votes}`,
    `  entries' paid votes       ${r.entries_paid_votes}`,
    `  profiles' paid votes      ${r.profiles_paid_votes}`,
  ];
  if (r.deleted_entry_votes || r.deleted_profile_votes) {
    lines.push(`  (credited votes of deleted entries: ${r.deleted_entry_votes}; of deleted profiles: ${r.deleted_profile_votes})`);
  }
  for (const p of r.problems) lines.push(`problem: ${p}`);
  for (const s of r.stuck) {
    lines.push(
      `stuck: ${s.id} ${s.created_at} ${s.provider} ref=${s.provider_ref ?? '-'} ${formatMoney(s.amount_minor, s.currency)} ${s.currency} ${s.votes} votes @${s.username ?? '(deleted)'}`,
    );
  }
  lines.push(`(in ${where})`);
  return lines.join('\n');
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`reconcile-payments: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
