// Shapes of API answers both sides rely on.
import type { AuditAction, AuditTargetType, AuditValues } from './admin-audit-schemas.js';
import type { Category } from './constants.js';
import type { SupportMessageStatus, SupportTopic } from './support-schemas.js';
import type { VoteReviewNotice } from './vote-review-schemas.js';
import type { VoteChallengeMode } from './votes.js';

export interface ApiErrorItem {
  loc: (string | number)[];
  msg: string;
  type: string;
}
export interface ApiErrorBody {
  detail: string | ApiErrorItem[];
}

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
}

export interface TokenClaims {
  sub: string;
  email: string;
  is_superuser: boolean;
  is_verified: boolean;
  exp: number;
  iat?: number;
  /** Password version: tokens issued before a password change stop working. */
  pwv?: string;
}

export interface ProfileUser {
  first_name: string;
  last_name: string;
  username: string;
  instagram: string | null;
  tiktok: string | null;
}

export interface ActiveContestEntry {
  id: number;
  contest_id: number;
  group_id: number;
  current_contest_votes: number;
  is_eliminated: boolean;
  /** A winner's place (1 to 5), named when the contest's last round closed; null otherwise. */
  winner_place: number | null;
}

export interface ContestantProfile {
  id: number;
  user_id: number;
  user: ProfileUser;
  category: Category;
  biography: string;
  pictures_urls: string[];
  current_position_in_group: number | null;
  horror_passion: string | null;
  character_qualities: string | null;
  dreams_and_goals: string | null;
  ideal_horror_role: string | null;
  active_contest_entry: ActiveContestEntry | null;
  total_votes: number;
  /** Free votes and credited paid votes; total_votes is their sum. */
  free_votes: number;
  paid_votes: number;
  is_eliminated: boolean;
}

export interface ContestEntrySummary {
  id: number;
  contest_id: number;
  group_id: number;
  current_contest_votes: number;
  is_eliminated: boolean;
  joined_at: string;
}

export interface CurrentUser {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  is_superuser: boolean;
  is_competitor: boolean;
  is_verified: boolean;
  contestant_profile: ContestantProfile | null;
  contest_entries: ContestEntrySummary[];
  /** Free votes of this contestant that review removed, newest first (empty for everyone else). */
  vote_reviews: VoteReviewNotice[];
}

export interface SiteConfig {
  product_name: string;
  promo_video_url: string;
  promo_poster_url: string;
  hero_image_url: string;
  dashboard_video_urls: string[];
  /** Payment methods a buyer may choose; empty when paid votes are off. */
  payment_methods: ('stripe' | 'paypal')[];
  /** True when the checkout is this site's TEST MODE page (no money moves). */
  payments_test_mode: boolean;
  /** Who paid votes' donations go to (donationNotice in contract/constants.ts words it). */
  charity_name: string;
  charity_beneficiary: string;
}

export interface RegistrationResponse {
  email: string;
  username: string;
  message: string;
}

export interface MessageResponse {
  message: string;
}

// --- Contests and groups ---
export interface Contest {
  id: number;
  name: string;
  description: string;
  start_date: string;
  end_date: string | null;
  is_active: boolean;
  is_current: boolean;
  /** This contest's rule for the free-vote challenge; null follows the site's setting. */
  vote_challenge: VoteChallengeMode | null;
  group_size_cap: number | null;
  /** The capacity every screen shows: group_size_cap, or the server's default. */
  group_capacity: number;
  group_count: number;
  created_at: string;
  /** How many the last round names (0: no rounds). */
  winners: number;
  /** The IANA time zone the contest is planned in: pages show its times in it. */
  time_zone: string;
  /** In order; empty when the contest has no rounds. */
  rounds: ContestRound[];
  /** The position of the round being voted in now; null before the start, after the last round, or without rounds. */
  current_round: number | null;
  /** Votes carry over to the next round (true), or restart at zero at each cut: current_contest_votes then counts the current round's votes only. */
  carry_votes: boolean;
  /** Named when the last round closed, by place (tied contestants share one); empty until then. */
  named_winners: NamedWinner[];
}

export interface NamedWinner {
  place: number;
  entry_id: number;
  username: string;
  first_name: string;
  last_name: string;
  picture_url: string | null;
}

/** GET /contests/completed: a contest whose last round has named its winners. */
export interface CompletedContest {
  id: number;
  name: string;
  description: string;
  start_date: string;
  end_date: string | null;
  time_zone: string;
  contestants: number;
  groups: number;
  winners: NamedWinner[];
}

/**
 * One of a contest's rounds. `upcoming`: an earlier round is still running (or the contest has not
 * started); `running`: votes now count towards its cut; `closed`: its cut has run.
 */
export interface ContestRound {
  id: number;
  position: number;
  name: string;
  ends_at: string;
  /** The cut: the top N of each group advance, or the top N of the contest (one of the two; neither on the last round). */
  advance_per_group: number | null;
  advance_total: number | null;
  state: 'upcoming' | 'running' | 'closed';
  closed_at: string | null;
}

export interface ContestGroup {
  id: number;
  group_number: number;
  contest_id: number;
  is_active: boolean;
  current_contestants_count: number;
  capacity: number;
  is_full: boolean;
}

/** A contestant in a group list or leaderboard. */
export interface ContestEntryItem {
  id: number;
  user_id: number;
  username: string;
  first_name: string;
  last_name: string;
  picture_url: string | null;
  /** The votes the ranking counts: all of the contest's, or the current round's only when the contest's votes restart at each cut (carry_votes false). */
  current_contest_votes: number;
  is_eliminated: boolean;
  rank: number;
  /** A winner's place (1 to 5), named when the contest's last round closed; null otherwise. */
  winner_place: number | null;
}

export interface GroupContestants extends ContestGroup {
  contestant_entries: ContestEntryItem[];
}

export interface CurrentContestStatus {
  is_in_contest: boolean;
}

/** One row of the admin all-contestants table. */
export interface AdminContestantItem {
  id: number;
  user_id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  picture_url: string | null;
  category: string;
  total_votes: number;
  current_contest_votes: number | null;
  /** Rank in the contestant's group of the current contest (not "votes plus 1": README.md#notes-on-the-spec). */
  rank: number | null;
  group_number: number | null;
  is_eliminated: boolean;
}

/** GET /admin/contests/{id}/rounds/{position}/cut: the cut if it ran now (nothing is changed). */
export interface RoundCutPreview {
  round: ContestRound;
  /** The last round names winners instead of cutting: `advances` then means "would win". */
  last: boolean;
  advancing: number;
  eliminated: number;
  /** The contestants still in the race, ranked as the cut ranks them (within their group, or overall). */
  entries: { entry_id: number; username: string; group_id: number; group_number: number; votes: number; rank: number; advances: boolean }[];
}

export interface ContestCountdown {
  id: number;
  contest_name: string;
  start_date: string;
  end_date: string | null;
  is_active: boolean;
  server_time: string;
  time_zone: string;
  rounds: ContestRound[];
  current_round: number | null;
  /** As Contest.carry_votes. */
  carry_votes: boolean;
}

/** POST /contestants/join-contest (201). */
export interface JoinContestResponse {
  message: string;
  entry_id: number;
  contest_id: number;
  group_id: number;
  group_number: number;
}

/** PUT /contestants/contestant-entries/{entryId}: the entry as the admin group list shows it, and a message. */
export interface EliminationResponse extends ContestEntryItem {
  message: string;
}

// --- Admin payments: GET /admin/payments, /admin/payments/reconciliation ---

/** One row of the admin payments table (and of its CSV export). */
export interface AdminPaymentItem {
  id: string;
  created_at: string;
  credited_at: string | null;
  status: 'created' | 'paid' | 'credited' | 'refunding' | 'refunded' | 'failed' | 'expired';
  provider: 'test' | 'stripe' | 'paypal';
  /** What the buyer chose; TEST MODE may stand in for it. */
  method: 'stripe' | 'paypal';
  provider_ref: string | null;
  profile_id: number;
  entry_id: number;
  contest_id: number;
  /** The contestant's username; null when the account was deleted since (payments outlive it). */
  username: string | null;
  payer_name: string | null;
  payer_email: string;
  amount_cents: number;
  currency: string;
  /** Base votes plus the package's bonus. */
  votes: number;
  base_votes: number;
}

/** Over every payment matching the filters (not only the page). */
export interface AdminPaymentsTotals {
  count: number;
  /** Only payments whose status is 'credited' (refunded ones had their votes taken back). */
  credited_amount_cents: number;
  credited_votes: number;
}

/** GET /admin/payments: the page's rows (newest first) and the totals; the count is also in x-total-count. */
export interface AdminPaymentsPage {
  items: AdminPaymentItem[];
  totals: AdminPaymentsTotals;
}

/** A payment paid at the provider but not credited some minutes later. */
export interface StuckPayment {
  id: string;
  created_at: string;
  provider: 'test' | 'stripe' | 'paypal';
  provider_ref: string | null;
  amount_cents: number;
  votes: number;
  username: string | null;
}

/** GET /admin/payments/reconciliation and `npm run reconcile-payments`. */
export interface PaymentReconciliation {
  /** Every check below holds and nothing is stuck. */
  ok: boolean;
  checked_at: string;
  /** Sum of the votes of payments whose status is 'credited'. */
  credited_votes: number;
  /** Sum of the weights of the paid ledger rows (credits and refund reversals). */
  ledger_paid_votes: number;
  entries_paid_votes: number;
  profiles_paid_votes: number;
  /** Credited votes whose entry was deleted since (contest or account): those ledger rows and entry counters went with it. */
  deleted_entry_votes: number;
  /** Credited votes whose contestant profile was deleted since (account deleted). */
  deleted_profile_votes: number;
  /**
   * Credited payments (of entries that still exist) without their own ledger row of their votes: the
   * sums can hide two such errors that cancel out, this cannot. At most 200 ids.
   */
  mismatched_payments: string[];
  /** One sentence per failed check. */
  problems: string[];
  stuck: StuckPayment[];
}

// --- Support: POST /support/contact, GET /admin/support-messages ---

/** POST /support/contact's answer. */
export interface SupportContactResponse {
  message: string;
}

/** One message as the admin inbox shows it. */
export interface SupportMessageItem {
  id: number;
  topic: SupportTopic;
  name: string;
  email: string;
  message: string;
  status: SupportMessageStatus;
  /** The signed-in sender, if any (null for visitors, or when the account was deleted since). */
  user_id: number | null;
  username: string | null;
  created_at: string;
  handled_at: string | null;
}

/** GET /admin/support-messages: the page (newest first), the count matching the filters, and all open messages. */
export interface SupportMessagesPage {
  items: SupportMessageItem[];
  total: number;
  open_count: number;
}

/** GET /admin/support-messages/summary: for the admin dashboard's card. */
export interface SupportMessagesSummary {
  open_count: number;
}

/** One admin action as the audit log shows it (GET /admin/audit-log). */
export interface AuditLogEntry {
  /** bigint in the table: a string, so no precision is lost. */
  id: string;
  created_at: string;
  actor: { id: number; username: string; email: string };
  action: AuditAction;
  target_type: AuditTargetType;
  target_id: number | null;
  /** The recorded fields before and after the action (null before a creation, null after a deletion). */
  before: AuditValues | null;
  after: AuditValues | null;
}

/** GET /admin/audit-log: one page, newest first. */
export interface AuditLogPage {
  items: AuditLogEntry[];
  total: number;
  page: number;
  page_size: number;
}
