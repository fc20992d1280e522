// `npm run create-admin -- --username NAME --email ADDRESS --password SECRET [--role owner|organizer|moderator]`:
// makes the first administrator (an owner unless --role names another staff role), or promotes an existing
// account, sets its role and its password.
// Exit codes: 0 done, 2 bad arguments or configuration, 1 anything else (database unreachable...).
import 'reflect-metadata';
import { Transactions } from '#server/infra/database/transactional.js';
import { ensureAdmin, type AdminOutcome } from '#server/seed/admin.js';
import { SeedRepository } from '#server/seed/seed.repository.js';
import { loadCliConfig, withCliDataSource } from './cli-database.js';
import { CREATE_ADMIN_USAGE, parseCreateAdminArgs } from './create-admin-args.js';

async function main(argv: string[]): Promise<number> {
  const parsed = parseCreateAdminArgs(argv);
  if (!parsed.ok) {
    for (const e of parsed.errors) console.error(`create-admin: ${e}`);
    console.error(CREATE_ADMIN_USAGE);
    return 2;
  }
  if ('help' in parsed) {
    console.log(
      `${CREATE_ADMIN_USAGE}\nCreates a verified staff account with the role (owner by default), or promotes the account with that e-mail (or else that username), sets its role and its password.`,
    );
    return 0;
  }
  const config = loadCliConfig();
  if (!config) return 2;
  const { result: outcome, where } = await withCliDataSource(config, (ds) =>
    ensureAdmin(new Transactions(ds), new SeedRepository(ds), { ...parsed.args, existingPassword: 'replace', existingRole: 'replace' }),
  );
  console.log(describe(outcome, where));
  return 0;
}

function describe(o: AdminOutcome, where: string): string {
  const who = `'${o.user.username}' <${o.user.email}>`;
  const role = o.user.staff_role ?? 'none';
  const head = {
    created: `Created administrator ${who}: a verified staff account, role ${role}.`,
    promoted: `Promoted existing user ${who} (matched by ${o.matchedBy === 'email' ? 'e-mail' : 'username'}) to verified staff, role ${role}, and set the given password.`,
    'already-admin':
      o.previousRole === o.user.staff_role
        ? `${who} was already verified staff, role ${role}; set the given password.`
        : `${who} was verified staff, role ${o.previousRole ?? 'none'}; now role ${role}, and set the given password.`,
  }[o.action];
  return [head, ...o.notes.map((n) => `note: ${n}`), `(in ${where})`].join('\n');
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`create-admin: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
