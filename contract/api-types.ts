// Shapes of API answers both sides rely on: zod schemas the server's OpenAPI document is built from
// (each named by its `id`), and their types. The client imports only the types (`import type`, checked
// by lint), so none of these schemas reaches the browser.
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from './admin-audit-schemas.js';
import { adminJobsOverviewSchema, jobActionResultSchema } from './admin-job-schemas.js';
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from './admin-payment-schemas.js';
import { CATEGORIES } from './constants.js';
import { MAIL_KINDS } from './contestant-mail.js';
import { PAYMENT_METHODS } from './payment-messages.js';
import { SUPPORT_MESSAGE_STATUSES, SUPPORT_TOPICS } from './support-schemas.js';
import { VOTE_HISTORY_BUCKETS } from './vote-history-schemas.js';
import { VOTE_FLAG_KINDS } from './vote-review-schemas.js';
import { VOTE_CHALLENGE_MODES } from './votes.js';

/** A named schema: `id` is its name among the OpenAPI document's components. */
const named = <S extends z.ZodType>(id: string, schema: S): S => schema.meta({ id }) as S;

const id = z.int().min(1);
const count = z.int().min(0);
/** ISO-8601, UTC. */
const timestamp = z.string();

// --- Errors: every 4xx/5xx answer ---
export const apiErrorItemSchema = named(
  'ApiErrorItem',
  z.object({
    /** Where the problem is: 'body', 'query' or 'path', then the field's path. */
    loc: z.array(z.union([z.string(), z.number()])),
    msg: z.string(),
    type: z.string(),
  }),
);
export type ApiErrorItem = z.infer<typeof apiErrorItemSchema>;
/** A failure in words, or (422) one item per invalid field. */
export const apiErrorBodySchema = named('ApiErrorBody', z.object({ detail: z.union([z.string(), z.array(apiErrorItemSchema)]) }));
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

// --- Accounts ---
export const tokenResponseSchema = named('TokenResponse', z.object({ access_token: z.string(), token_type: z.literal('bearer') }));
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** What an access token carries (never an answer of its own). */
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

export const profileUserSchema = named(
  'ProfileUser',
  z.object({
    first_name: z.string(),
    last_name: z.string(),
    username: z.string(),
    instagram: z.string().nullable(),
    tiktok: z.string().nullable(),
  }),
);
export type ProfileUser = z.infer<typeof profileUserSchema>;

export const activeContestEntrySchema = named(
  'ActiveContestEntry',
  z.object({
    id,
    contest_id: id,
    group_id: id,
    current_contest_votes: z.int(),
    is_eliminated: z.boolean(),
    /** A winner's place (1 to 5), named when the contest's last round closed; null otherwise. */
    winner_place: z.int().nullable(),
  }),
);
export type ActiveContestEntry = z.infer<typeof activeContestEntrySchema>;

export const contestantProfileSchema = named(
  'ContestantProfile',
  z.object({
    id,
    user_id: id,
    user: profileUserSchema,
    category: z.enum(CATEGORIES),
    biography: z.string(),
    pictures_urls: z.array(z.string()),
    current_position_in_group: z.int().nullable(),
    horror_passion: z.string().nullable(),
    character_qualities: z.string().nullable(),
    dreams_and_goals: z.string().nullable(),
    ideal_horror_role: z.string().nullable(),
    active_contest_entry: activeContestEntrySchema.nullable(),
    total_votes: z.int(),
    /** Free votes and credited paid votes; total_votes is their sum. */
    free_votes: z.int(),
    paid_votes: z.int(),
    is_eliminated: z.boolean(),
  }),
);
export type ContestantProfile = z.infer<typeof contestantProfileSchema>;

export const contestEntrySummarySchema = named(
  'ContestEntrySummary',
  z.object({
    id,
    contest_id: id,
    group_id: id,
    current_contest_votes: z.int(),
    is_eliminated: z.boolean(),
    joined_at: timestamp,
  }),
);
export type ContestEntrySummary = z.infer<typeof contestEntrySummarySchema>;

/** A void as the contestant and the admins see it. */
export const voteReviewNoticeSchema = named(
  'VoteReviewNotice',
  z.object({
    /** When the votes were removed (ISO-8601 UTC). */
    at: timestamp,
    removed: count,
    reason: z.string(),
  }),
);
export type VoteReviewNotice = z.infer<typeof voteReviewNoticeSchema>;

export const currentUserSchema = named(
  'CurrentUser',
  z.object({
    id,
    username: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    is_superuser: z.boolean(),
    is_competitor: z.boolean(),
    is_verified: z.boolean(),
    contestant_profile: contestantProfileSchema.nullable(),
    contest_entries: z.array(contestEntrySummarySchema),
    /** Free votes of this contestant that review removed, newest first (empty for everyone else). */
    vote_reviews: z.array(voteReviewNoticeSchema),
  }),
);
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const siteConfigSchema = named(
  'SiteConfig',
  z.object({
    product_name: z.string(),
    promo_video_url: z.string(),
    promo_poster_url: z.string(),
    hero_image_url: z.string(),
    dashboard_video_urls: z.array(z.string()),
    /** Payment methods a buyer may choose; empty when paid votes are off. */
    payment_methods: z.array(z.enum(PAYMENT_METHODS)),
    /** True when the checkout is this site's TEST MODE page (no money moves). */
    payments_test_mode: z.boolean(),
    /** Who paid votes' donations go to (donationNotice in contract/constants.ts words it). */
    charity_name: z.string(),
    charity_beneficiary: z.string(),
  }),
);
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const registrationResponseSchema = named('RegistrationResponse', z.object({ email: z.string(), username: z.string(), message: z.string() }));
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

export const messageResponseSchema = named('MessageResponse', z.object({ message: z.string() }));
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** GET and PUT /users/social-links answer. */
export const socialLinksAnswerSchema = named('SocialLinks', z.object({ instagram: z.string().nullable(), tiktok: z.string().nullable() }));
export type SocialLinks = z.infer<typeof socialLinksAnswerSchema>;

/** GET and PUT /users/mail-preferences: every kind, on or off. */
export const mailPreferencesAnswerSchema = named(
  'MailPreferences',
  z.object(Object.fromEntries(MAIL_KINDS.map((k) => [k, z.boolean()])) as Record<(typeof MAIL_KINDS)[number], z.ZodBoolean>),
);

/** GET and POST /mail/unsubscribe: the kind the link turns off, and what to say. */
export const unsubscribeAnswerSchema = named(
  'UnsubscribeAnswer',
  z.object({
    kind: z.enum(MAIL_KINDS),
    /** Whether that kind is off now (after a POST: always). */
    unsubscribed: z.boolean(),
    detail: z.string(),
  }),
);
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>;

// --- Contests and groups ---

/**
 * One of a contest's rounds. `upcoming`: an earlier round is still running (or the contest has not
 * started); `running`: votes now count towards its cut; `closed`: its cut has run.
 */
export const contestRoundSchema = named(
  'ContestRound',
  z.object({
    id,
    position: z.int().min(1),
    name: z.string(),
    ends_at: timestamp,
    /** The cut: the top N of each group advance, or the top N of the contest (one of the two; neither on the last round). */
    advance_per_group: z.int().nullable(),
    advance_total: z.int().nullable(),
    state: z.enum(['upcoming', 'running', 'closed']),
    closed_at: timestamp.nullable(),
  }),
);
export type ContestRound = z.infer<typeof contestRoundSchema>;

export const namedWinnerSchema = named(
  'NamedWinner',
  z.object({
    place: z.int().min(1),
    entry_id: id,
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    picture_url: z.string().nullable(),
  }),
);
export type NamedWinner = z.infer<typeof namedWinnerSchema>;

export const contestSchema = named(
  'Contest',
  z.object({
    id,
    name: z.string(),
    description: z.string(),
    start_date: timestamp,
    end_date: timestamp.nullable(),
    is_active: z.boolean(),
    is_current: z.boolean(),
    /** This contest's rule for the free-vote challenge; null follows the site's setting. */
    vote_challenge: z.enum(VOTE_CHALLENGE_MODES).nullable(),
    group_size_cap: z.int().nullable(),
    /** The capacity every screen shows: group_size_cap, or the server's default. */
    group_capacity: z.int(),
    group_count: count,
    created_at: timestamp,
    /** How many the last round names (0: no rounds). */
    winners: count,
    /** The IANA time zone the contest is planned in: pages show its times in it. */
    time_zone: z.string(),
    /** In order; empty when the contest has no rounds. */
    rounds: z.array(contestRoundSchema),
    /** The position of the round being voted in now; null before the start, after the last round, or without rounds. */
    current_round: z.int().nullable(),
    /** Votes carry over to the next round (true), or restart at zero at each cut: current_contest_votes then counts the current round's votes only. */
    carry_votes: z.boolean(),
    /** Named when the last round closed, by place (tied contestants share one); empty until then. */
    named_winners: z.array(namedWinnerSchema),
  }),
);
export type Contest = z.infer<typeof contestSchema>;

/** GET /contests/completed: a contest whose last round has named its winners. */
export const completedContestSchema = named(
  'CompletedContest',
  z.object({
    id,
    name: z.string(),
    description: z.string(),
    start_date: timestamp,
    end_date: timestamp.nullable(),
    time_zone: z.string(),
    contestants: count,
    groups: count,
    winners: z.array(namedWinnerSchema),
  }),
);
export type CompletedContest = z.infer<typeof completedContestSchema>;

const contestGroupShape = {
  id,
  group_number: z.int().min(1),
  contest_id: id,
  is_active: z.boolean(),
  current_contestants_count: count,
  capacity: z.int(),
  is_full: z.boolean(),
};
export const contestGroupSchema = named('ContestGroup', z.object(contestGroupShape));
export type ContestGroup = z.infer<typeof contestGroupSchema>;

const contestEntryItemShape = {
  id,
  user_id: id,
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  picture_url: z.string().nullable(),
  /** The votes the ranking counts: all of the contest's, or the current round's only when the contest's votes restart at each cut (carry_votes false). */
  current_contest_votes: z.int(),
  is_eliminated: z.boolean(),
  rank: z.int().min(1),
  /** A winner's place (1 to 5), named when the contest's last round closed; null otherwise. */
  winner_place: z.int().nullable(),
};
/** A contestant in a group list or leaderboard. */
export const contestEntryItemSchema = named('ContestEntryItem', z.object(contestEntryItemShape));
export type ContestEntryItem = z.infer<typeof contestEntryItemSchema>;

export const groupContestantsSchema = named('GroupContestants', z.object({ ...contestGroupShape, contestant_entries: z.array(contestEntryItemSchema) }));
export type GroupContestants = z.infer<typeof groupContestantsSchema>;

/** GET /contestants/current-contest: the contest (not ended) the user is in, and their group there; nulls when none. */
export const currentContestStatusSchema = named(
  'CurrentContestStatus',
  z.object({ is_in_contest: z.boolean(), contest_id: id.nullable(), contest_name: z.string().nullable(), group_number: z.int().nullable() }),
);
export type CurrentContestStatus = z.infer<typeof currentContestStatusSchema>;

/** One row of the admin all-contestants table. */
export const adminContestantItemSchema = named(
  'AdminContestantItem',
  z.object({
    id,
    user_id: id,
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    picture_url: z.string().nullable(),
    category: z.string(),
    total_votes: z.int(),
    current_contest_votes: z.int().nullable(),
    /** Rank in the contestant's group of the current contest (not "votes plus 1": docs/product.md#notes-on-the-spec). */
    rank: z.int().nullable(),
    group_number: z.int().nullable(),
    is_eliminated: z.boolean(),
  }),
);
export type AdminContestantItem = z.infer<typeof adminContestantItemSchema>;

/** GET /admin/contests/{id}/rounds/{position}/cut: the cut if it ran now (nothing is changed). */
export const roundCutPreviewSchema = named(
  'RoundCutPreview',
  z.object({
    round: contestRoundSchema,
    /** The last round names winners instead of cutting: `advances` then means "would win". */
    last: z.boolean(),
    advancing: count,
    eliminated: count,
    /** The contestants still in the race, ranked as the cut ranks them (within their group, or overall). */
    entries: z.array(
      z.object({ entry_id: id, username: z.string(), group_id: id, group_number: z.int(), votes: z.int(), rank: z.int(), advances: z.boolean() }),
    ),
  }),
);
export type RoundCutPreview = z.infer<typeof roundCutPreviewSchema>;

export const contestCountdownSchema = named(
  'ContestCountdown',
  z.object({
    id,
    contest_name: z.string(),
    start_date: timestamp,
    end_date: timestamp.nullable(),
    is_active: z.boolean(),
    server_time: timestamp,
    time_zone: z.string(),
    rounds: z.array(contestRoundSchema),
    current_round: z.int().nullable(),
    /** As Contest.carry_votes. */
    carry_votes: z.boolean(),
  }),
);
export type ContestCountdown = z.infer<typeof contestCountdownSchema>;

/** POST /contestants/join-contest (201). */
export const joinContestResponseSchema = named(
  'JoinContestResponse',
  z.object({ message: z.string(), entry_id: id, contest_id: id, group_id: id, group_number: z.int() }),
);
export type JoinContestResponse = z.infer<typeof joinContestResponseSchema>;

/** PUT /contestants/contestant-entries/{entryId}: the entry as the admin group list shows it, and a message. */
export const eliminationResponseSchema = named('EliminationResponse', z.object({ ...contestEntryItemShape, message: z.string() }));
export type EliminationResponse = z.infer<typeof eliminationResponseSchema>;

// --- Profiles and votes ---

/** GET /contestants/profile/basics: an answer never given is null. */
export const profileBasicsResponseSchema = named(
  'ProfileBasicsResponse',
  z.object({
    category: z.enum(CATEGORIES),
    horror_passion: z.string().nullable(),
    character_qualities: z.string().nullable(),
    dreams_and_goals: z.string().nullable(),
    ideal_horror_role: z.string().nullable(),
  }),
);
export type ProfileBasicsResponse = z.infer<typeof profileBasicsResponseSchema>;

/** GET /profiles/id/{profileId}: what the vote page needs. */
export const profileByIdSchema = named(
  'ProfileById',
  z.object({
    id,
    username: z.string(),
    is_eliminated: z.boolean(),
    picture_url: z.string().nullable(),
    user_details: z.object({ first_name: z.string(), last_name: z.string() }),
  }),
);
export type ProfileById = z.infer<typeof profileByIdSchema>;

/** POST /contestants/{username}/vote: answered once the vote is durably queued. */
export const voteResponseSchema = named(
  'VoteResponse',
  z.object({
    message: z.string(),
    vote_id: z.string(),
    /** When this voter's next free vote for the contestant is allowed (ISO-8601 UTC): 24 hours after this one. */
    next_vote_at: timestamp,
  }),
);
export type VoteResponse = z.infer<typeof voteResponseSchema>;

export const voteCheckResponseSchema = named(
  'VoteCheckResponse',
  z.object({
    hasVoted: z.boolean(),
    /** While hasVoted: when this voter's slot frees and the next free vote is allowed (ISO-8601 UTC); null otherwise. */
    next_vote_at: timestamp.nullable(),
    /** Why a free vote for the contestant would be refused now whoever votes (not in the current contest, not started, ended, eliminated); null when votes are open. */
    refusal: z.string().nullable(),
  }),
);
export type VoteCheckResponse = z.infer<typeof voteCheckResponseSchema>;

export const profileViewsResponseSchema = named('ProfileViewsResponse', z.object({ profile_views: count }));
export type ProfileViewsResponse = z.infer<typeof profileViewsResponseSchema>;

/** A leaderboard card: an entry with its rank (ties share a rank: 1, 1, 3) and its group. */
export const leaderboardItemSchema = named(
  'LeaderboardItem',
  z.object({
    ...contestEntryItemShape,
    group_id: id,
    group_number: z.int(),
    /** Of current_contest_votes, the free ones and the paid ones (free_votes + paid_votes = current_contest_votes). */
    free_votes: z.int(),
    paid_votes: z.int(),
  }),
);
export type LeaderboardItem = z.infer<typeof leaderboardItemSchema>;

/** GET /groups/all-contestants: 'Group {n}' → that group's leaderboard. */
export const allGroupsLeaderboardSchema = named('AllGroupsLeaderboard', z.record(z.string(), z.array(leaderboardItemSchema)));
export type AllGroupsLeaderboard = z.infer<typeof allGroupsLeaderboardSchema>;

/** GET /votes/challenge: an ALTCHA challenge to solve before a free vote answered 428 is sent again. */
export const voteChallengeSchema = named(
  'VoteChallenge',
  z.object({ parameters: z.record(z.string(), z.unknown()), signature: z.string().optional() }).loose(),
);

/** One bucket: its start (ISO-8601, UTC) and the votes cast in it, by kind. */
export const votesOverTimePointSchema = named(
  'VotesOverTimePoint',
  z.object({
    start: timestamp,
    /** Free votes counted (voided ones left out). */
    free: z.int(),
    /** Paid votes credited, less any refunded in the same bucket. */
    paid: z.int(),
    /** Free votes removed by review. */
    voided: z.int(),
  }),
);
export type VotesOverTimePoint = z.infer<typeof votesOverTimePointSchema>;

/** GET /contestants/{username}/votes-over-time?bucket= */
export const votesOverTimeSchema = named(
  'VotesOverTime',
  z.object({
    bucket: z.enum(VOTE_HISTORY_BUCKETS),
    /** Every bucket from the contest's start (or the limit's reach) to now, oldest first, empty ones as zeros; none without an entry in the current contest. */
    points: z.array(votesOverTimePointSchema),
  }),
);
export type VotesOverTime = z.infer<typeof votesOverTimeSchema>;

/** One contestant of a group and their votes over time. */
export const contestantVoteSeriesSchema = named(
  'ContestantVoteSeries',
  z.object({
    entry_id: id,
    username: z.string(),
    /** First and last name, as the admin's lists show them. */
    display_name: z.string(),
    points: z.array(votesOverTimePointSchema),
  }),
);
export type ContestantVoteSeries = z.infer<typeof contestantVoteSeriesSchema>;

/** GET /admin/groups/{groupId}/votes-over-time?bucket= (superuser only) */
export const groupVotesOverTimeSchema = named(
  'GroupVotesOverTime',
  z.object({
    bucket: z.enum(VOTE_HISTORY_BUCKETS),
    /**
     * The group's contestants (eliminated ones too), most votes first, at most GROUP_VOTE_SERIES_MAX,
     * each over the same buckets: from the start of the group's contest (or the limit's reach) to now.
     */
    series: z.array(contestantVoteSeriesSchema),
  }),
);
export type GroupVotesOverTime = z.infer<typeof groupVotesOverTimeSchema>;

// --- Vote review (admin) ---
export const voteFlagReasonSchema = named(
  'VoteFlagReason',
  z.object({
    kind: z.enum(VOTE_FLAG_KINDS),
    /** The rule's finding in words and numbers. */
    detail: z.string(),
    /** When the flagged votes began (ISO-8601 UTC). */
    since: timestamp,
    /** How many free votes the finding is about. */
    votes: count,
  }),
);
export type VoteFlagReason = z.infer<typeof voteFlagReasonSchema>;

/** A network block (IPv4 /24, IPv6 /48) by its keyed hash, never its address, with its free votes. */
export const networkBlockCountSchema = named('NetworkBlockCount', z.object({ network_hash: z.string(), votes: count }));
export type NetworkBlockCount = z.infer<typeof networkBlockCountSchema>;

export const flaggedEntrySchema = named(
  'FlaggedEntry',
  z.object({
    entry_id: id,
    username: z.string(),
    display_name: z.string(),
    group_number: z.int().nullable(),
    current_contest_votes: z.int(),
    free_votes: z.int(),
    paid_votes: z.int(),
    /** The rule still held at the latest scoring. */
    active: z.boolean(),
    /** The latest scoring that flagged it (ISO-8601 UTC). */
    last_seen: timestamp,
    reasons: z.array(voteFlagReasonSchema),
    /** The blocks its free votes came from in the past day, most first (at most 5). */
    top_blocks: z.array(networkBlockCountSchema),
    /** Votes already voided on this entry, newest first. */
    reviews: z.array(voteReviewNoticeSchema),
  }),
);
export type FlaggedEntry = z.infer<typeof flaggedEntrySchema>;

/** GET /admin/vote-review?contest_id= */
export const voteReviewListSchema = named(
  'VoteReviewList',
  z.object({
    /** The contest listed (the current one when none was asked for); null when there is none. */
    contest_id: id.nullable(),
    /** Whether that contest is the current one (the public vote charts show the current contest). */
    is_current_contest: z.boolean(),
    /** The scoring's window, in minutes. */
    window_minutes: z.number(),
    /** Entries flagged in the past day, the most recently flagged first. */
    items: z.array(flaggedEntrySchema),
  }),
);
export type VoteReviewList = z.infer<typeof voteReviewListSchema>;

/** POST /admin/vote-review/void */
export const voidVotesResultSchema = named(
  'VoidVotesResult',
  z.object({ removed: count, current_contest_votes: z.int(), free_votes: z.int(), paid_votes: z.int() }),
);
export type VoidVotesResult = z.infer<typeof voidVotesResultSchema>;

// --- Payments ---
export const buyVotesResponseSchema = named('BuyVotesResponse', z.object({ payment_url: z.string() }));
export type BuyVotesResponse = z.infer<typeof buyVotesResponseSchema>;

/** TEST MODE's Pay button: where to send the buyer next (the success URL with `session_id`). */
export const testPayResponseSchema = named('TestPayResponse', z.object({ redirect_url: z.string() }));
export type TestPayResponse = z.infer<typeof testPayResponseSchema>;

/**
 * A capture's answer, given once the credit job is stored: `status` is 'paid' (credit queued) or
 * 'credited' (already done); the group's next live tally brings the new count.
 */
export const captureResponseSchema = named(
  'CaptureResponse',
  z.object({
    payment_id: z.string(),
    status: z.enum(['paid', 'credited']),
    /** Votes bought (base + bonus). */
    votes: z.int(),
    username: z.string(),
    message: z.string(),
  }),
);
export type CaptureResponse = z.infer<typeof captureResponseSchema>;

/** A payment webhook's answer once the event is taken. */
export const webhookReceivedSchema = named('WebhookReceived', z.object({ received: z.literal(true) }));

// --- Admin payments: GET /admin/payments, /admin/payments/reconciliation ---

/** One row of the admin payments table (and of its CSV export). */
export const adminPaymentItemSchema = named(
  'AdminPaymentItem',
  z.object({
    id: z.string(),
    created_at: timestamp,
    credited_at: timestamp.nullable(),
    status: z.enum(PAYMENT_STATUSES),
    provider: z.enum(PAYMENT_PROVIDERS),
    /** What the buyer chose; TEST MODE may stand in for it. */
    method: z.enum(PAYMENT_METHODS),
    provider_ref: z.string().nullable(),
    profile_id: id,
    entry_id: id,
    contest_id: id,
    /** The contestant's username; null when the account was deleted since (payments outlive it). */
    username: z.string().nullable(),
    payer_name: z.string().nullable(),
    payer_email: z.string(),
    amount_cents: z.int(),
    currency: z.string(),
    /** Base votes plus the package's bonus. */
    votes: z.int(),
    base_votes: z.int(),
  }),
);
export type AdminPaymentItem = z.infer<typeof adminPaymentItemSchema>;

/** Over every payment matching the filters (not only the page). */
export const adminPaymentsTotalsSchema = named(
  'AdminPaymentsTotals',
  z.object({
    count,
    /** Only payments whose status is 'credited' (refunded ones had their votes taken back). */
    credited_amount_cents: z.int(),
    credited_votes: z.int(),
  }),
);
export type AdminPaymentsTotals = z.infer<typeof adminPaymentsTotalsSchema>;

/** GET /admin/payments: the page's rows (newest first) and the totals; the count is also in x-total-count. */
export const adminPaymentsPageSchema = named('AdminPaymentsPage', z.object({ items: z.array(adminPaymentItemSchema), totals: adminPaymentsTotalsSchema }));
export type AdminPaymentsPage = z.infer<typeof adminPaymentsPageSchema>;

/** A payment paid at the provider but not credited some minutes later. */
export const stuckPaymentSchema = named(
  'StuckPayment',
  z.object({
    id: z.string(),
    created_at: timestamp,
    provider: z.enum(PAYMENT_PROVIDERS),
    provider_ref: z.string().nullable(),
    amount_cents: z.int(),
    votes: z.int(),
    username: z.string().nullable(),
  }),
);
export type StuckPayment = z.infer<typeof stuckPaymentSchema>;

/** GET /admin/payments/reconciliation and `npm run reconcile-payments`. */
export const paymentReconciliationSchema = named(
  'PaymentReconciliation',
  z.object({
    /** Every check below holds and nothing is stuck. */
    ok: z.boolean(),
    checked_at: timestamp,
    /** Sum of the votes of payments whose status is 'credited'. */
    credited_votes: z.int(),
    /** Sum of the weights of the paid ledger rows (credits and refund reversals). */
    ledger_paid_votes: z.int(),
    entries_paid_votes: z.int(),
    profiles_paid_votes: z.int(),
    /** Credited votes whose entry was deleted since (contest or account): those ledger rows and entry counters went with it. */
    deleted_entry_votes: z.int(),
    /** Credited votes whose contestant profile was deleted since (account deleted). */
    deleted_profile_votes: z.int(),
    /**
     * Credited payments (of entries that still exist) without their own ledger row of their votes: the
     * sums can hide two such errors that cancel out, this cannot. At most 200 ids.
     */
    mismatched_payments: z.array(z.string()),
    /** One sentence per failed check. */
    problems: z.array(z.string()),
    stuck: z.array(stuckPaymentSchema),
  }),
);
export type PaymentReconciliation = z.infer<typeof paymentReconciliationSchema>;

// --- Support: POST /support/contact, GET /admin/support-messages ---

/** POST /support/contact's answer. */
export const supportContactResponseSchema = named('SupportContactResponse', z.object({ message: z.string() }));
export type SupportContactResponse = z.infer<typeof supportContactResponseSchema>;

/** One message as the admin inbox shows it. */
export const supportMessageItemSchema = named(
  'SupportMessageItem',
  z.object({
    id,
    topic: z.enum(SUPPORT_TOPICS),
    name: z.string(),
    email: z.string(),
    message: z.string(),
    status: z.enum(SUPPORT_MESSAGE_STATUSES),
    /** The signed-in sender, if any (null for visitors, or when the account was deleted since). */
    user_id: id.nullable(),
    username: z.string().nullable(),
    created_at: timestamp,
    handled_at: timestamp.nullable(),
  }),
);
export type SupportMessageItem = z.infer<typeof supportMessageItemSchema>;

/** GET /admin/support-messages: the page (newest first), the count matching the filters, and all open messages. */
export const supportMessagesPageSchema = named('SupportMessagesPage', z.object({ items: z.array(supportMessageItemSchema), total: count, open_count: count }));
export type SupportMessagesPage = z.infer<typeof supportMessagesPageSchema>;

/** GET /admin/support-messages/summary: for the admin dashboard's card. */
export const supportMessagesSummarySchema = named('SupportMessagesSummary', z.object({ open_count: count }));
export type SupportMessagesSummary = z.infer<typeof supportMessagesSummarySchema>;

// --- The admin audit log ---

/** A recorded field's value: plain JSON scalars only, so nothing but the chosen fields can slip in. */
const auditValuesSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

/** One admin action as the audit log shows it (GET /admin/audit-log). */
export const auditLogEntrySchema = named(
  'AuditLogEntry',
  z.object({
    /** bigint in the table: a string, so no precision is lost. */
    id: z.string(),
    created_at: timestamp,
    actor: z.object({ id, username: z.string(), email: z.string() }),
    action: z.enum(AUDIT_ACTIONS),
    target_type: z.enum(AUDIT_TARGET_TYPES),
    target_id: z.int().nullable(),
    /** A contest entry's contestant, looked up when the log is read (null for other targets, or once the entry is gone). */
    target_name: z.string().nullable(),
    /** The recorded fields before and after the action (null before a creation, null after a deletion). */
    before: auditValuesSchema.nullable(),
    after: auditValuesSchema.nullable(),
  }),
);
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

/** GET /admin/audit-log: one page, newest first. */
export const auditLogPageSchema = named(
  'AuditLogPage',
  z.object({ items: z.array(auditLogEntrySchema), total: count, page: z.int().min(1), page_size: z.int().min(1) }),
);
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** GET /admin/audit-log/chain: whether every entry's digest follows from the one before it. */
export const auditChainSchema = named(
  'AuditChain',
  z.object({
    intact: z.boolean(),
    /** Entries checked and found in order (all of them when intact). */
    entries: count,
    /** The newest entry's digest (hex) when intact and not empty: note it to see later whether entries were removed from the end. */
    head: z.string().nullable(),
    /** The first entry whose digest does not follow (changed, slipped in, or after a removed entry); null when intact. */
    first_broken_id: z.string().nullable(),
  }),
);
export type AuditChain = z.infer<typeof auditChainSchema>;

// --- Admin jobs: the page's own schemas (admin-job-schemas.ts), named for the API document ---
export const adminJobsOverviewAnswerSchema = named('AdminJobsOverview', adminJobsOverviewSchema);
export const jobActionResultAnswerSchema = named('JobActionResult', jobActionResultSchema);

// --- Health ---
export const healthSchema = named('Health', z.object({ status: z.literal('ok'), database: z.literal('ok'), redis: z.enum(['ok', 'not configured']) }));
export const readinessSchema = named(
  'Readiness',
  z.object({ status: z.literal('ok'), database: z.literal('ok'), redis: z.enum(['ok', 'not configured']), migrations: z.literal('ok') }),
);
export const livenessSchema = named('Liveness', z.object({ status: z.literal('ok') }));
