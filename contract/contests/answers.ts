// Contests, their rounds and groups, joining and the admin's contestant lists: the answers' schemas and
// types, and the API document's example contest.
import { z } from 'zod';
import { count, id, named, timestamp } from '../common/answers.js';
import { CATEGORIES } from '../profiles/constants.js';
import { VOTE_CHALLENGE_MODES } from '../votes/constants.js';

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
    /** The contest's own categories; null: it offers the site's. */
    categories: z.array(z.string()).nullable(),
    /** The categories the contest offers: its own, or the site's. */
    effective_categories: z.array(z.string()),
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

export const contestEntryItemShape = {
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

/** The API document's example, typed by the answer's schema: an example that no longer fits its answer does not compile. */
export const CONTEST_EXAMPLE: Contest = {
  id: 3,
  name: 'Scream Stage 2026',
  description: 'Two weeks of head-to-head horror acting, decided by fan votes.',
  start_date: '2026-10-01T00:00:00.000Z',
  end_date: '2026-10-31T23:59:59.000Z',
  is_active: true,
  is_current: true,
  vote_challenge: null,
  group_size_cap: 20,
  group_capacity: 20,
  group_count: 4,
  created_at: '2026-09-15T12:00:00.000Z',
  winners: 3,
  time_zone: 'America/New_York',
  rounds: [
    {
      id: 7,
      position: 1,
      name: 'Group stage',
      ends_at: '2026-10-15T23:59:59.000Z',
      advance_per_group: 5,
      advance_total: null,
      state: 'running',
      closed_at: null,
    },
    {
      id: 8,
      position: 2,
      name: 'Final',
      ends_at: '2026-10-31T23:59:59.000Z',
      advance_per_group: null,
      advance_total: null,
      state: 'upcoming',
      closed_at: null,
    },
  ],
  current_round: 1,
  carry_votes: true,
  named_winners: [],
  categories: null,
  effective_categories: [...CATEGORIES],
};
