// Votes at a steady rate for a bounded time, as a crowd of fans casts them while a fault happens:
// each from its own voter address, each answer recorded with when it was asked and how long it took.
import type { SeededContestant } from './contest-seed.js';
import { castVote, voterAddress } from './voters.js';

export interface StreamedVote {
  username: string;
  voter: string;
  /** When it was sent (epoch ms). */
  at: number;
  /** How long its answer took. */
  ms: number;
  /** 0: no answer (the connection failed or timed out). */
  status: number;
  voteId: string | null;
  retryAfter: string | null;
  detail: unknown;
}

export interface VoteStream {
  /** Resolves with every vote once the last one is answered. */
  done: Promise<StreamedVote[]>;
  /** The votes answered so far. */
  readonly answered: StreamedVote[];
}

/**
 * `rate` votes a second for `seconds`, spread over the api processes and the contestants in turn,
 * voters numbered from `firstVoter`. Bounded: rate × seconds votes, each waiting at most 30 s.
 */
export function streamVotes(apiUrls: string[], contestants: SeededContestant[], options: { rate: number; seconds: number; firstVoter?: number }): VoteStream {
  const total = Math.round(options.rate * options.seconds);
  const answered: StreamedVote[] = [];
  const started = Date.now();
  const one = async (i: number): Promise<void> => {
    const username = contestants[i % contestants.length].username;
    const voter = voterAddress((options.firstVoter ?? 0) + i);
    const at = Date.now();
    try {
      const res = await castVote(apiUrls[i % apiUrls.length], username, voter);
      const retryAfter = res.headers['retry-after'];
      answered.push({
        username,
        voter,
        at,
        ms: Date.now() - at,
        status: res.status,
        voteId: typeof res.body.vote_id === 'string' ? res.body.vote_id : null,
        retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
        detail: res.body.detail,
      });
    } catch (err) {
      answered.push({ username, voter, at, ms: Date.now() - at, status: 0, voteId: null, retryAfter: null, detail: (err as Error).message });
    }
  };
  const done = (async () => {
    const inFlight: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      // On schedule: the i-th vote leaves at i / rate seconds, however long the others take.
      const wait = started + (i * 1000) / options.rate - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      inFlight.push(one(i));
    }
    await Promise.all(inFlight);
    return answered;
  })();
  return { done, answered };
}
