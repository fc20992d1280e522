// The texts of free votes, leaderboards, the vote challenge and the admin's vote review and export (the
// rules: docs/product.md#free-votes, #ranking).

export const VOTE_MESSAGES = {
  /** The client looks for this phrase in a 403: the voter already voted for this contestant today. */
  alreadyCastedPhrase: 'already casted',
  alreadyCasted: 'You have already casted your free vote for this contestant today. Come back tomorrow!',
  alreadyVotedToday: "You've already voted today. Come back tomorrow!",
  notAuthorized: "You're not authorized to vote",
  failed: 'Failed to cast vote',
  counted: 'Your vote has been counted!',
  alreadyVotedButton: 'Already Voted Today',
  castButton: 'Cast Your Free Vote',
  // Server refusals of rules we added (our wording).
  noCurrentContest: 'There is no contest running right now',
  notStarted: 'Voting has not started yet',
  ended: 'This contest has ended',
  notInContest: 'This contestant is not in the current contest',
  eliminated: 'This contestant has been eliminated from the contest',
  contestantNotFound: 'Profile not found',
  // The site asks free votes for a signed-in account (VOTE_IDENTITY=account).
  signInToVote: 'Sign in to cast your free vote',
  signInToVoteDetail: 'Free votes here need an account: sign in (or continue with an account you already have) and vote again.',
} as const;

export const LEADERBOARD_MESSAGES = {
  loadFailed: 'Failed to load leaderboard data. Please try again later.',
  searchPlaceholder: 'Search contestants...',
  allGroups: 'All Groups',
  pageSize: 8,
} as const;

/** Server answers of the vote calls, in our own wording. */
export const VOTE_SERVER_MESSAGES = {
  /** 503: the vote could not be stored (its 24-hour slot was given back, so trying again is safe). */
  unavailable: 'Voting is unavailable right now. Please try again in a moment.',
} as const;

/** A 428 answer to a free vote: solve GET /votes/challenge and send the vote again with `altcha`. */
export const VOTE_CHALLENGE_MESSAGES = {
  required: 'Confirm you are a person: your browser solves a short puzzle, then the vote is sent again.',
  invalid: 'The puzzle was not solved, has expired or was already used. Try voting again.',
  checking: 'Checking your vote...',
  failed: 'Your browser could not finish the puzzle. Try again.',
  tooMany: 'Too many puzzles asked from your network. Wait a minute and vote again.',
} as const;

export const VOTE_REVIEW_MESSAGES = {
  contestId: 'contest_id must be a positive whole number',
  contestNotFound: 'Contest not found',
  entryId: 'entry_id must be a positive whole number',
  entryNotFound: 'Contest entry not found',
  time: 'must be a date and time (ISO-8601)',
  order: '"from" must be before "to"',
  span: 'A void covers at most 31 days',
  network: 'network must be a network hash from the review list (64 hexadecimal characters)',
  reason: 'Give a reason of 3 to 500 characters: the contestant is shown it',
  voided: (n: number) => (n === 1 ? '1 vote was removed.' : `${n} votes were removed.`),
  nothingToVoid: 'No free votes matched: nothing was removed.',
} as const;

export const ADMIN_VOTE_MESSAGES = {
  contestRequired: 'contest_id must be a positive whole number',
  contestNotFound: 'Contest not found',
  exportFailed: 'The vote export failed',
} as const;
