// The contestant e-mails' jobs, on the mail queue.
import { MAIL_QUEUE } from '#server/infra/mail/mail-jobs.js';
import { defineJob } from '#server/infra/queue/jobs.js';
import type { RankScope } from './contestant-emails.js';

/** One contestant's result in a closed round, as the cut ranked it. */
export interface RoundResult {
  user_id: number;
  rank: number;
  votes: number;
  /** finalist: in the last round without a winning place. */
  outcome: 'advanced' | 'eliminated' | 'winner' | 'finalist';
  /** A winner's place. */
  place: number | null;
}

/** A closed round's e-mails: one per contestant who was in it (RoundMailsHandler). */
export interface RoundMailsJob {
  contest_id: number;
  contest_name: string;
  round_id: number;
  round_name: string;
  next_round_name: string | null;
  scope: RankScope;
  results: RoundResult[];
}

export const ROUND_MAILS = defineJob<RoundMailsJob>({ name: 'round-mails', queue: MAIL_QUEUE });

/** A round's e-mails are queued once per round. */
export const roundMailsJobId = (roundId: number) => `round-mails:${roundId}`;
