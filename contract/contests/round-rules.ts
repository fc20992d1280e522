// Contest rounds: the fields of a round in the create and edit contest forms, and the rules that
// join them to the contest (the admin form and the server check the same ones).
import { z } from 'zod';

export const MAX_ROUNDS = 3;
export const MAX_WINNERS = 5;
/** The largest cut a form accepts: more than any contest's contestants. */
export const MAX_CUT = 100_000;

/** An IANA time zone this runtime knows ("Europe/Paris", "UTC"). */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const ROUND_MESSAGES = {
  timeZone: 'Choose a time zone from the list',
  nameRequired: 'Round name is required',
  endRequired: 'Round end is required',
  tooMany: `A contest has at most ${MAX_ROUNDS} rounds`,
  endAfterStart: 'A round must end after the contest starts',
  endsInOrder: 'Each round must end after the one before it',
  endWithContest: 'With rounds, the contest ends when its last round does: leave the end date empty or make it the last round’s end',
  cutRequired: 'Every round but the last needs a cut: the top N of each group, or the top N overall',
  oneCut: 'Choose one cut: the top N of each group, or the top N overall',
  lastNoCut: 'The last round has no cut: it names the winners',
  cutRange: `A cut must be a whole number from 1 to ${MAX_CUT}`,
  winnersRange: `Winners must be a whole number from 1 to ${MAX_WINNERS}`,
  winnersNeedRounds: 'Winners are named when the last round closes: add a round first',
  endPast: 'A round cannot end in the past',
  closedRound: 'A closed round cannot be changed or removed',
  carryVotesType: 'carry_votes must be true or false',
  carryVotesAfterCut: 'Whether votes carry over cannot change once a round has closed',
  roundNotFound: 'Round not found',
} as const;

/** What pages say of a contest's carry_votes (with two rounds or more), and the admin form's checkbox. */
export const CARRY_VOTES_TEXT = {
  label: 'Votes carry over to the next round',
  carry: 'Votes carry over to the next round',
  restart: 'Votes restart at zero each round',
} as const;

export const carryVotesText = (carry: boolean) => (carry ? CARRY_VOTES_TEXT.carry : CARRY_VOTES_TEXT.restart);

/** A whole number from a JSON number or a form's text: digits only ("1e1", "0x10" or "007" are not numbers). */
const wholeNumber = (max: number, message: string) =>
  z
    .union([z.number(), z.null(), z.string().trim()])
    .optional()
    .transform((v) => (v === '' || v === undefined || v === null ? null : typeof v === 'number' ? v : /^[1-9]\d{0,8}$/.test(v) ? Number(v) : NaN))
    .refine((v) => v === null || (Number.isInteger(v) && v >= 1 && v <= max), { error: message });

/** One round as the forms send it; `isDate` is the contest schema's date rule. */
export const roundSchema = (isDate: (v: string) => boolean, invalidDate: string) =>
  z.object({
    name: z
      .string({ error: ROUND_MESSAGES.nameRequired })
      .trim()
      .min(1, { error: ROUND_MESSAGES.nameRequired })
      .max(60, { error: 'Must be 60 characters or less' }),
    ends_at: z.string({ error: ROUND_MESSAGES.endRequired }).trim().min(1, { error: ROUND_MESSAGES.endRequired }).refine(isDate, { error: invalidDate }),
    advance_per_group: wholeNumber(MAX_CUT, ROUND_MESSAGES.cutRange),
    advance_total: wholeNumber(MAX_CUT, ROUND_MESSAGES.cutRange),
  });

/** `winners`: 1 to 5 with rounds; empty or 0 means none. */
export const winnersField = z
  .union([z.number(), z.null(), z.string().trim()])
  .optional()
  .transform((v) => (v === '' || v === undefined || v === null ? undefined : typeof v === 'number' ? v : /^\d$/.test(v) ? Number(v) : NaN))
  .refine((v) => v === undefined || (Number.isInteger(v) && v >= 0 && v <= MAX_WINNERS), { error: ROUND_MESSAGES.winnersRange });

/** A round as the rules see it: times in epoch milliseconds. */
export interface RoundPlan {
  endsAt: number;
  advancePerGroup: number | null;
  advanceTotal: number | null;
}

export interface RoundProblem {
  /** Where the form shows it: ['rounds', i, field], ['winners'] or ['end_date']. */
  path: (string | number)[];
  message: string;
}

/**
 * The rules joining rounds to their contest: at most three, each ending after the contest starts and
 * after the round before it; every round but the last has exactly one cut, the last none; with
 * rounds, 1 to 5 winners and the contest ending with its last round (an end date sent must be that
 * one); without rounds, no winners.
 */
export function roundProblems(contest: { startsAt: number; endsAt: number | null; winners: number; rounds: readonly RoundPlan[] }): RoundProblem[] {
  const problems: RoundProblem[] = [];
  const { rounds } = contest;
  if (rounds.length > MAX_ROUNDS) return [{ path: ['rounds'], message: ROUND_MESSAGES.tooMany }];
  if (!rounds.length) {
    if (contest.winners > 0) problems.push({ path: ['winners'], message: ROUND_MESSAGES.winnersNeedRounds });
    return problems;
  }
  rounds.forEach((round, i) => {
    const last = i === rounds.length - 1;
    if (round.endsAt <= contest.startsAt) problems.push({ path: ['rounds', i, 'ends_at'], message: ROUND_MESSAGES.endAfterStart });
    else if (i > 0 && round.endsAt <= rounds[i - 1].endsAt) problems.push({ path: ['rounds', i, 'ends_at'], message: ROUND_MESSAGES.endsInOrder });
    const cuts = [round.advancePerGroup, round.advanceTotal].filter((n) => n !== null).length;
    if (last && cuts > 0) problems.push({ path: ['rounds', i, 'advance_per_group'], message: ROUND_MESSAGES.lastNoCut });
    if (!last && cuts === 0) problems.push({ path: ['rounds', i, 'advance_per_group'], message: ROUND_MESSAGES.cutRequired });
    if (cuts > 1) problems.push({ path: ['rounds', i, 'advance_total'], message: ROUND_MESSAGES.oneCut });
  });
  if (contest.winners < 1) problems.push({ path: ['winners'], message: ROUND_MESSAGES.winnersRange });
  if (contest.endsAt !== null && contest.endsAt !== rounds[rounds.length - 1].endsAt) {
    problems.push({ path: ['end_date'], message: ROUND_MESSAGES.endWithContest });
  }
  return problems;
}
