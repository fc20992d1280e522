// Staff roles and what each may do. Every admin call names one permission in the endpoint table
// (`staff: 'moderation'`); the server refuses it to a staff account whose role lacks that permission, and
// the admin menu shows only what the role may open. Accounts with no role are not staff.

export const STAFF_ROLES = ['owner', 'organizer', 'moderator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_PERMISSIONS = [
  /** Read contests, groups, rounds' cuts, contestants and the votes-over-time charts. */
  'standings',
  /** Create, edit and delete contests, groups and rounds; eliminate entries; the site's and the contests' content
   * (name, logo, colours, categories, profile questions, vote packages, charity). */
  'contests',
  /** A contest's participant list as CSV, with the fields contestants show publicly (never an e-mail). */
  'participants',
  /** The suspicious-vote review and its voids. */
  'moderation',
  /** The support inbox. */
  'support',
  /** Paid votes: the payments list, its export and the reconciliation, refunds. */
  'payments',
  /** The vote ledger's export. */
  'ledger',
  /** The job queues: retry and discard. */
  'jobs',
  /** Deleting accounts. */
  'accounts',
  /** Outbound webhooks: the endpoints that receive the site's events, their signing secrets and delivery logs (owners only). */
  'integrations',
  /** The audit log of staff actions. */
  'audit',
  /** Granting and revoking staff roles. */
  'roles',
  /** The account's own two-factor sign-in: every staff role. */
  'two-factor',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/** Each role's permissions: the owner has every one. */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly StaffPermission[]>> = {
  owner: STAFF_PERMISSIONS,
  organizer: ['standings', 'contests', 'participants', 'support', 'two-factor'],
  moderator: ['standings', 'moderation', 'support', 'two-factor'],
};

/** Whether a role (or no role: not staff) has a permission. */
export function roleCan(role: StaffRole | null | undefined, permission: StaffPermission): boolean {
  return role != null && ROLE_PERMISSIONS[role].includes(permission);
}

/** The role's name as shown in the admin area. */
export const STAFF_ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  owner: 'Owner',
  organizer: 'Organizer',
  moderator: 'Moderator',
};
