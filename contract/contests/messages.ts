// The texts of the contest pages, of joining, of the group and contestant admin, and the server's answers
// and refusals in our own wording.

export const CONTEST_MESSAGES = {
  nameRequired: 'Contest name is required',
  descriptionRequired: 'Description is required',
  startRequired: 'Start date is required',
  startPast: 'Start date cannot be in the past',
  endAfterStart: 'End date must be after start date',
  invalidDate: 'Enter a valid date and time',
  groupSizeRange: 'Group size must be a whole number from 1 to 1000',
  deleteConfirm: 'Are you sure you want to delete this contest? This will also delete all associated groups and cannot be undone.',
  created: 'Contest created successfully!',
  createdBanner: 'Contest created successfully',
  updated: 'Contest updated successfully!',
  deleted: 'Contest and all its groups deleted successfully!',
  activated: 'Contest activated',
  deactivated: 'Contest deactivated',
  madeCurrent: 'Contest set as current',
  noCurrent: 'No current contest found.',
  notFound: 'Contest not found',
  loadFailed: 'Failed to load data. Please try again.',
  fetchFailed: 'Failed to fetch contests: ',
  statusFailed: 'Failed to update contest status: ',
  setCurrentFailed: 'Failed to set current contest: ',
  loadOneFailed: 'Failed to load contest: ',
  detailsFailed: 'Failed to load contest details',
  createFailed: 'Failed to create contest',
  updateFailed: 'Failed to update contest',
  deleteFailed: 'Failed to delete contest: ',
  fetchDataFailed: 'Failed to fetch data: ',
  groupStatusFailed: 'Failed to update group status: ',
} as const;

export const JOIN_MESSAGES = {
  alreadyIn: 'You are already in a contest. You can only join one contest at a time.',
  statusFailed: 'Failed to check your contest status. Please try again.',
  loadFailed: 'Failed to load contest data',
  joinFailed: 'Failed to join contest. Please try again.',
  noActive: 'No active contests',
  // Server details for refusals of rules we added (our wording).
  adminCannotJoin: 'Administrators cannot join contests',
  verifyFirst: 'Please verify your email before joining a contest',
  profileRequired: 'Only contestants with a profile can join a contest',
  notOpen: 'This contest is not open for joining',
  ended: 'This contest has ended',
  pastFirstCut: 'This contest is past its first cut: joining is closed',
  /** The contest does not offer the contestant's category (409). */
  categoryNotOffered: (category: string, offered: readonly string[]) =>
    `This contest does not offer your category "${category}". Pick one of its categories (${offered.join(', ')}) in Profile Basics, then join again.`,
} as const;

export const GROUP_ADMIN_MESSAGES = {
  groupLoadFailed: 'Failed to load group data',
  groupContestantsToast: 'Failed to load group contestants',
  noContestants: 'No contestants found in this group',
  eliminated: 'Contestant eliminated successfully',
  eliminateFailed: 'Failed to eliminate contestant',
  contestantsLoadFailed: 'Failed to load contestants.',
  userDeleted: 'User deleted successfully',
  userDeleteFailed: 'Failed to delete user',
  groupNotFound: 'Group not found',
  entryNotFound: 'Contest entry not found',
  userNotFound: 'User not found',
  cannotUneliminate: 'An elimination cannot be undone',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotDeleteLastAdmin: 'The last administrator cannot be deleted',
  groupCreated: 'Group created successfully',
} as const;

export const CONTEST_SERVER_MESSAGES = {
  /** A smaller group size may not strand contestants already placed. */
  capBelowCount: (capacity: number, groupNumber: number, count: number) =>
    `Group size ${capacity} is too small: Group ${groupNumber} already has ${count} contestants`,
} as const;

/** The join answer's message, shown by the client as a success toast. */
export const joinedMessage = (contestName: string, groupNumber: number) => `You're in! You have joined ${contestName} in Group ${groupNumber}.`;

/** The all-contestants delete question (an exact text). */
export const deleteUserQuestion = (username: string) => `Are you sure you want to permanently delete ${username}'s profile? This action cannot be undone`;
