import { VOTE_MESSAGES } from '#contract/votes/messages.js';
import { hasEnded } from '#server/common/contest-time.js';
import type { VoteTarget } from './votes.repository.js';

/**
 * Why a free vote for this contestant is refused right now (400 with this text), or null.
 * Dates are compared at every call; only the lookup behind `target` is cached.
 */
export function voteRefusal(target: VoteTarget, now: Date = new Date()): string | null {
  const { contest, entry } = target;
  if (!contest) return VOTE_MESSAGES.noCurrentContest;
  if (contest.startDate.getTime() > now.getTime()) return VOTE_MESSAGES.notStarted;
  if (hasEnded(contest, now)) return VOTE_MESSAGES.ended;
  if (!entry) return VOTE_MESSAGES.notInContest;
  if (entry.isEliminated) return VOTE_MESSAGES.eliminated;
  return null;
}
