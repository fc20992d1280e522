// Contests, groups and joining: the rules of what the admin forms and the joining contestant send, checked
// by the forms and the server alike (create and edit contest, joining, group and contestant admin, the
// contest lists).
import { z } from 'zod';
import { MAX_PATH_ID, optionalPageParams, pageParams } from '../common/params.js';
import { categoryListSchema } from '../profiles/requests.js';
import { VOTE_CHALLENGE_MODES } from '../votes/constants.js';
import { START_DATE_GRACE_MS } from './constants.js';
import { CONTEST_MESSAGES } from './messages.js';
import { isTimeZone, ROUND_MESSAGES, roundProblems, roundSchema, winnersField } from './round-rules.js';

/**
 * An ISO-8601 date (2026-05-01) or date-time (2026-05-01T18:00, seconds, fraction and Z/±hh:mm
 * optional) that is a real day and time: no bare numbers such as "123" that Date.parse takes as a year.
 */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const isDate = (v: string) => {
  if (!ISO_DATE.test(v)) return false;
  const [year, month, day] = v.slice(0, 10).split('-').map(Number);
  const calendar = new Date(Date.UTC(year, month - 1, day));
  return calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day && !Number.isNaN(Date.parse(v));
};

const dateText = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, { error: requiredMessage }).refine(isDate, { error: CONTEST_MESSAGES.invalidDate });

const optionalDate = z
  .union([z.string().trim(), z.null()])
  .optional()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isDate(v), { error: CONTEST_MESSAGES.invalidDate });

const groupSizeCap = z
  .union([z.number(), z.null(), z.string().trim()])
  .optional()
  // A form sends the size as text: digits only ("1e1", "0x10" or "007" are not sizes).
  .transform((v) => (v === '' || v === undefined || v === null ? null : typeof v === 'number' ? v : /^[1-9]\d{0,3}$/.test(v) ? Number(v) : NaN))
  .refine((v) => v === null || (Number.isInteger(v) && v >= 1 && v <= 1000), { error: CONTEST_MESSAGES.groupSizeRange });

/** A contest's own rule for the free-vote challenge; empty or null: the site's VOTE_CHALLENGE. */
const voteChallenge = z
  .union([z.enum(VOTE_CHALLENGE_MODES), z.literal(''), z.null()], { error: `vote_challenge must be one of ${VOTE_CHALLENGE_MODES.join(', ')}, or null` })
  .optional()
  .transform((v) => (v === '' ? null : v));

const contestFields = {
  name: z
    .string({ error: CONTEST_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: CONTEST_MESSAGES.nameRequired })
    .max(200, { error: 'Must be 200 characters or less' }),
  description: z
    .string({ error: CONTEST_MESSAGES.descriptionRequired })
    .trim()
    .min(1, { error: CONTEST_MESSAGES.descriptionRequired })
    .max(5000, { error: 'Must be 5000 characters or less' }),
  start_date: dateText(CONTEST_MESSAGES.startRequired),
  end_date: optionalDate,
  is_active: z.boolean({ error: 'is_active must be true or false' }),
  is_current: z.boolean({ error: 'is_current must be true or false' }),
  group_size_cap: groupSizeCap,
  vote_challenge: voteChallenge,
  /** The whole list of rounds, in order (absent on an edit: unchanged; empty: none). */
  rounds: z
    .array(roundSchema(isDate, CONTEST_MESSAGES.invalidDate), { error: 'rounds must be a list of rounds' })
    .max(3, { error: 'A contest has at most 3 rounds' })
    .optional(),
  winners: winnersField,
  /** Votes carry over to the next round (true; absent on a create: true) or restart at zero at each cut. */
  carry_votes: z.boolean({ error: ROUND_MESSAGES.carryVotesType }).optional(),
  /** The contest's own categories (null, or absent on a create: it offers the site's; absent on an edit: unchanged). */
  categories: categoryListSchema.nullable().optional(),
  /** The IANA zone the contest is planned in; absent on a create: UTC. */
  time_zone: z
    .string({ error: ROUND_MESSAGES.timeZone })
    .trim()
    .refine(isTimeZone, { error: ROUND_MESSAGES.timeZone })
    // Stored as the runtime names it ("europe/paris" → "Europe/Paris"), so lists and selects find it.
    .transform((zone) => new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone)
    .optional(),
};

/** The round rules of roundProblems, on what one request sends (the server checks them again against the stored contest). */
const roundsFit = (
  d: {
    start_date?: string;
    end_date?: string | null;
    winners?: number;
    rounds?: { ends_at: string; advance_per_group: number | null; advance_total: number | null }[];
  },
  ctx: z.RefinementCtx,
) => {
  if (d.rounds === undefined || !d.start_date || !isDate(d.start_date) || d.rounds.some((r) => !isDate(r.ends_at))) return;
  if (d.end_date && !isDate(d.end_date)) return;
  const problems = roundProblems({
    startsAt: Date.parse(d.start_date),
    endsAt: d.end_date ? Date.parse(d.end_date) : null,
    winners: d.winners ?? 0,
    rounds: d.rounds.map((r) => ({ endsAt: Date.parse(r.ends_at), advancePerGroup: r.advance_per_group, advanceTotal: r.advance_total })),
  });
  for (const p of problems) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
};

const endAfterStart = (d: { start_date?: string; end_date?: string | null }) =>
  !d.start_date || !d.end_date || !isDate(d.start_date) || !isDate(d.end_date) || Date.parse(d.end_date) > Date.parse(d.start_date);

/** Edit contest: the create rules without the past-date one. */
export const contestSchema = z
  .object({ ...contestFields, is_active: contestFields.is_active.default(true), is_current: contestFields.is_current.default(false) })
  .refine(endAfterStart, { path: ['end_date'], error: CONTEST_MESSAGES.endAfterStart })
  .superRefine(roundsFit);

/** Create contest: the start may not be in the past (measured when the schema runs). */
export const createContestSchema = contestSchema.refine((d) => !isDate(d.start_date) || Date.parse(d.start_date) >= Date.now() - START_DATE_GRACE_MS, {
  path: ['start_date'],
  error: CONTEST_MESSAGES.startPast,
});
export type ContestInput = z.input<typeof contestSchema>;
export type ContestValues = z.output<typeof contestSchema>;

/** PUT /admin/contests/{id}: any subset of the fields (flag toggles send one field). */
export const contestPatchSchema = z
  .object(contestFields)
  .partial()
  .refine(endAfterStart, { path: ['end_date'], error: CONTEST_MESSAGES.endAfterStart });
export type ContestPatch = z.output<typeof contestPatchSchema>;

/** A JSON number, not coerced: `true`, "5" or [5] are not contest ids. */
export const joinContestSchema = z.object({ contest_id: z.number({ error: 'contest_id is required' }).int().positive().max(2_147_483_647) });
/** POST /contestants/join-contest: the contract's rule, plus the id column's range: a larger number is no contest (never a 500). */
export const joinContestBodySchema = joinContestSchema.extend({
  contest_id: joinContestSchema.shape.contest_id.max(MAX_PATH_ID, { error: CONTEST_MESSAGES.notFound }),
});
export const groupPatchSchema = z.object({ is_active: z.boolean({ error: 'is_active must be true or false' }) });
export const entryPatchSchema = z.object({ is_eliminated: z.boolean({ error: 'is_eliminated must be true or false' }) });
export const pageQuerySchema = z.object(pageParams(100, 10));

/**
 * GET /contestants (admin all-contestants): optional search over username, first and last name;
 * without `limit` every contestant is answered. The total is in x-total-count either way.
 */
export const contestantsQuerySchema = z.object({
  q: z.string().trim().max(100, { error: 'Must be 100 characters or less' }).optional(),
  ...optionalPageParams(1000),
});
export type ContestantsQuery = z.output<typeof contestantsQuerySchema>;

/** GET /admin/contests/{id}/groups: every group unless `limit` is given. */
export const optionalPageQuerySchema = z.object(optionalPageParams(1000));
