// Vote rules and word lists as plain values (no zod): the free-vote challenge's modes, the votes over
// time's buckets, the review's flags and voids, the vote export's columns.

/** How free votes are guarded by a proof-of-work challenge: never, for flagged contestants only, always. */
export const VOTE_CHALLENGE_MODES = ['off', 'flagged', 'always'] as const;
export type VoteChallengeMode = (typeof VOTE_CHALLENGE_MODES)[number];

/**
 * Who a free vote is limited by (VOTE_IDENTITY): the client's network (and the account too when signed
 * in); a signed-in account, the network's limit still applying; the account when signed in, else the network.
 */
export const VOTE_IDENTITIES = ['network', 'account', 'either'] as const;
export type VoteIdentity = (typeof VOTE_IDENTITIES)[number];

export const VOTE_HISTORY_BUCKETS = ['hour', 'day'] as const;
export type VoteHistoryBucket = (typeof VOTE_HISTORY_BUCKETS)[number];

/** The most points one answer holds: hours cover the last 7 days, days the last 366. */
export const VOTE_HISTORY_LIMITS = { hour: 168, day: 366 } as const satisfies Record<VoteHistoryBucket, number>;

/** A group's chart compares at most this many contestants: those with the most votes. */
export const GROUP_VOTE_SERIES_MAX = 50;

/** The rules that flag an entry's recent free votes (docs/decisions/026-suspicious-vote-flags-and-voids.md). */
export const VOTE_FLAG_KINDS = ['network_block', 'rate', 'new_voters', 'regular_intervals'] as const;
export type VoteFlagKind = (typeof VOTE_FLAG_KINDS)[number];

export const VOTE_FLAG_TITLES: Record<VoteFlagKind, string> = {
  network_block: 'Many votes from one network block',
  rate: 'Far above its usual rate',
  new_voters: 'A burst of voters who voted for no one else',
  regular_intervals: 'Machine-regular intervals',
};

/** The longest span one void covers. */
export const VOID_MAX_SPAN_MS = 31 * 86_400_000;

/** The CSV's columns, in order. `votes` is the row's weight: 1 for a free vote, a package's votes for a paid credit, negative for a refund. */
export const VOTE_CSV_COLUMNS = ['cast_at', 'vote_id', 'kind', 'votes', 'group_number', 'entry_id', 'username', 'network_hash', 'user_id'] as const;
