// The admin audit log: what each entry names (actions, targets) and how the page names them, the recorded
// values, and the page size.

/** Every admin action the log records, as `<target>.<verb>`. */
export const AUDIT_ACTIONS = [
  'contest.create',
  'contest.update',
  'contest.delete',
  'contest.set_current',
  'group.create',
  'group.update',
  'entry.eliminate',
  'user.delete',
  'user.staff_role',
  'support_message.status',
  'votes.void',
  'job.retry',
  'job.discard',
  'user.two_factor_enable',
  'user.two_factor_disable',
  'user.recovery_codes_regenerate',
  'site.settings',
  'site.logo',
  'site.embed_origins',
  'site.vote_packages',
  'contest.vote_packages',
  'site.categories',
  'profile_question.create',
  'profile_question.update',
  'profile_question.retire',
  'profile_question.move',
  'webhook.create',
  'webhook.update',
  'webhook.rotate_secret',
  'webhook.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How the admin page names each action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'contest.create': 'Contest created',
  'contest.update': 'Contest changed',
  'contest.delete': 'Contest deleted',
  'contest.set_current': 'Current contest set',
  'group.create': 'Group added',
  'group.update': 'Group changed',
  'entry.eliminate': 'Contestant eliminated',
  'user.delete': 'User deleted',
  'user.staff_role': 'Staff role changed',
  'support_message.status': 'Message status changed',
  'votes.void': 'Votes voided',
  'job.retry': 'Failed job retried',
  'job.discard': 'Failed job discarded',
  'user.two_factor_enable': 'Two-factor sign-in turned on',
  'user.two_factor_disable': 'Two-factor sign-in turned off',
  'user.recovery_codes_regenerate': 'Recovery codes replaced',
  'site.settings': "Site's settings changed",
  'site.logo': "Site's logo changed",
  'site.embed_origins': 'Sites allowed to frame the embeds changed',
  'site.vote_packages': 'Vote packages changed',
  'contest.vote_packages': "Contest's vote packages changed",
  'site.categories': 'Categories changed',
  'profile_question.create': 'Profile question added',
  'profile_question.update': 'Profile question changed',
  'profile_question.retire': 'Profile question retired',
  'profile_question.move': 'Profile questions reordered',
  'webhook.create': 'Webhook endpoint added',
  'webhook.update': 'Webhook endpoint changed',
  'webhook.rotate_secret': 'Webhook secret rotated',
  'webhook.delete': 'Webhook endpoint deleted',
};

export const AUDIT_TARGET_TYPES = ['contest', 'group', 'entry', 'user', 'support_message', 'job', 'site', 'profile_question', 'webhook_endpoint'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_TARGET_LABELS: Record<AuditTargetType, string> = {
  contest: 'Contest',
  group: 'Group',
  entry: 'Entry',
  user: 'User',
  support_message: 'Message',
  job: 'Job',
  site: 'Site',
  profile_question: 'Profile question',
  webhook_endpoint: 'Webhook endpoint',
};

/** A recorded field's value: plain JSON scalars only, so nothing but the chosen fields can slip in. */
export type AuditValue = string | number | boolean | null;
export type AuditValues = Record<string, AuditValue>;

/** Entries per page, as the other admin lists page. */
export const AUDIT_PAGE_SIZE = 20;
