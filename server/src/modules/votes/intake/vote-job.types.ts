/** A free vote the API accepted (its 24-hour slot claimed); the handler writes it to the ledger once. */
export interface AcceptedVote {
  voteId: string;
  profileId: number;
  entryId: number;
  contestId: number;
  groupId: number;
  /** For the live events' room name. */
  username: string;
  /** HMAC of the voter's address (never the address itself). */
  voterHash: string;
  /** HMAC of the voter's network, as the free-vote limit counts it (absent in jobs queued before it was kept). */
  networkHash?: string;
  /** HMAC of the voter's wider block (IPv4 /24, IPv6 /48), for the suspicious-vote rules (absent in older jobs). */
  blockHash?: string;
  userId: number | null;
  kind: 'free';
  /** When the API accepted it (ISO 8601): the ledger's created_at, however late the job runs. */
  castAt: string;
}

/**
 * The `count-votes` job: the votes one api process accepted together (docs/decisions/008): one job
 * carries them all, so a crowd of voters costs the queue one job per batch, not one per vote.
 * Counting stays exactly once per vote: the ledger's key is each vote's own id, whatever job brings
 * it and however often.
 */
export interface CountVotesJob {
  votes: AcceptedVote[];
}

/** The `score-votes` job: the end of the window to score (ISO 8601), the scoring interval's slot. */
export interface ScoreVotesJob {
  at: string;
}
