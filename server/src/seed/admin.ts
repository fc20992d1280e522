// Create or promote a staff account (an owner unless told otherwise): shared by SEED_ADMIN_* at start and
// `npm run create-admin`.
import type { StaffRole } from '#contract/auth/roles.js';
import type { Transactions } from '#server/infra/database/transactional.js';
import { hashPassword } from '#server/modules/auth/password.js';
import type { Updateable } from 'kysely';
import type { Users } from '#server/infra/database/schema.js';
import type { SeedRepository, SeedUser } from './seed.repository.js';

export interface AdminRequest {
  username: string;
  email: string;
  password: string;
  /**
   * What to do with the password of an account that already exists. The start-up seed keeps it:
   * SEED_ADMIN_PASSWORD stays in the environment, and re-applying it at every start would undo a
   * password the admin changed through "forgot password". The create-admin command replaces it:
   * an operator running it by hand means "this is the password now".
   */
  existingPassword: 'keep' | 'replace';
  /** The staff role the account gets (owner for the first administrator). */
  role: StaffRole;
  /**
   * What to do with the role of an account that is staff already. The start-up seed keeps it: an owner
   * may have changed it on the staff page since. The create-admin command sets it.
   */
  existingRole: 'keep' | 'replace';
}

export interface AdminOutcome {
  action: 'created' | 'promoted' | 'already-admin';
  /** The account as it is now (its role included). */
  user: SeedUser;
  /** The staff role the account held before (null: it was not staff, or did not exist). */
  previousRole: StaffRole | null;
  /** How an existing account was found; null when created. */
  matchedBy: 'email' | 'username' | null;
  passwordChanged: boolean;
  /** Human-readable remarks worth showing the operator (what was not applied, and why). */
  notes: string[];
}

/** Runs in its own transaction under the seed lock. */
export function ensureAdmin(transactions: Transactions, seeds: SeedRepository, request: AdminRequest): Promise<AdminOutcome> {
  return transactions.run(async () => {
    await seeds.lock();
    return ensureAdminIn(seeds, request);
  });
}

/** The same, inside a transaction the caller already holds (the demo seed). */
export async function ensureAdminIn(seeds: SeedRepository, request: AdminRequest): Promise<AdminOutcome> {
  const { username, email } = request;
  const found = await seeds.usersMatching(username, email);
  // The e-mail wins over the username: it is the address the operator owns, while the username
  // (often the default 'admin') may well belong to someone else, such as the demo admin.
  const byEmail = found.find((u) => u.email.toLowerCase() === email.toLowerCase());
  const byUsername = found.find((u) => u.username.toLowerCase() === username.toLowerCase());
  const existing = byEmail ?? byUsername;

  if (!existing) {
    const user = await seeds.insertUser({
      username,
      email,
      password_hash: await hashPassword(request.password),
      is_superuser: true,
      staff_role: request.role,
      is_verified: true,
      is_competitor: false,
    });
    return { action: 'created', user, previousRole: null, matchedBy: null, passwordChanged: true, notes: [] };
  }

  const notes: string[] = [];
  if (byEmail && byUsername && byEmail.id !== byUsername.id) {
    notes.push(`username '${username}' belongs to another account; promoted '${byEmail.username}', the owner of ${email}`);
  } else if (!byEmail) {
    notes.push(`matched by username; the account keeps its e-mail ${existing.email}`);
  }
  const wasAdmin = existing.staff_role !== null && existing.is_verified;
  const replace = request.existingPassword === 'replace';
  if (!replace) notes.push('password left unchanged (use npm run create-admin to set one)');
  const role = existing.staff_role !== null && request.existingRole === 'keep' ? existing.staff_role : request.role;
  if (existing.staff_role !== null && role !== request.role) notes.push(`role left as ${existing.staff_role} (use npm run create-admin -- --role to set one)`);
  if (existing.staff_role === 'owner' && role !== 'owner') {
    // The site keeps at least one owner: the only one who may grant roles.
    const owners = await seeds.lockOwnerIds();
    if (!owners.some((id) => id !== existing.id)) throw new Error(`'${existing.username}' is the only owner: make another account owner first`);
  }
  // is_competitor is left as it is: promoting a contestant must not take their profile away.
  const changes: Updateable<Users> = { is_superuser: true, staff_role: role, is_verified: true };
  if (replace) changes.password_hash = await hashPassword(request.password);
  if (!wasAdmin || replace || role !== existing.staff_role) await seeds.updateUser(existing.id, changes);
  return {
    action: wasAdmin ? 'already-admin' : 'promoted',
    user: { ...existing, is_superuser: true, staff_role: role, is_verified: true },
    previousRole: existing.staff_role,
    matchedBy: byEmail ? 'email' : 'username',
    passwordChanged: replace,
    notes,
  };
}
