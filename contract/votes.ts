// Free votes, profile views and leaderboards: texts and answer shapes shared by client and server
// (the public profile, the dashboard, the leaderboards; the rules: docs/product.md#free-votes, #ranking).
export type { AllGroupsLeaderboard, LeaderboardItem, ProfileViewsResponse, VoteCheckResponse, VoteResponse } from './api-types.js';

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
} as const;

export const PROFILE_MESSAGES = {
  notFound: 'Profile not found',
  loadFailed: 'Failed to load profile',
  contestLoadFailed: 'Failed to load contest information',
  comingSoon: 'Coming soon - get ready to vote!',
  votingActive: 'Voting is now active!',
  ended: 'This contest has ended',
  noPhotos: 'No photos available yet',
  copyFailed: 'Failed to copy link',
  copied: 'Profile link copied to clipboard!',
  copiedOpening: (platform: string) => `Link copied! Opening ${platform}...`,
} as const;

export const DASHBOARD_MESSAGES = {
  errorTitle: 'Error Loading Dashboard',
  tryAgain: 'Try Again',
  profileLoadFailed: 'Failed to load profile data.',
  completeProfile: 'Complete Your Profile',
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

/** How free votes are guarded by a proof-of-work challenge: never, for flagged contestants only, always. */
export const VOTE_CHALLENGE_MODES = ['off', 'flagged', 'always'] as const;
export type VoteChallengeMode = (typeof VOTE_CHALLENGE_MODES)[number];

/** A 428 answer to a free vote: solve GET /votes/challenge and send the vote again with `altcha`. */
export const VOTE_CHALLENGE_MESSAGES = {
  required: 'Confirm you are a person: your browser solves a short puzzle, then the vote is sent again.',
  invalid: 'The puzzle was not solved, has expired or was already used. Try voting again.',
  checking: 'Checking your vote...',
  failed: 'Your browser could not finish the puzzle. Try again.',
  tooMany: 'Too many puzzles asked from your network. Wait a minute and vote again.',
} as const;
