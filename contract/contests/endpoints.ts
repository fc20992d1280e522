// Contests, their groups and joining: the public contest lists, countdown and leaderboards, the
// contestant's joining, and the admin's contests, groups, contestants and eliminations.
import { answer, type EndpointTable, schemasOf } from '../api/endpoint.js';
import type { MessageResponse } from '../common/answers.js';
import type { AllGroupsLeaderboard, LeaderboardItem } from '../votes/answers.js';
import type {
  AdminContestantItem,
  CompletedContest,
  Contest,
  ContestCountdown,
  ContestGroup,
  CurrentContestStatus,
  EliminationResponse,
  GroupContestants,
  JoinContestResponse,
  RoundCutPreview,
} from './answers.js';
import type * as requests from './requests.js';

const request = schemasOf<typeof requests>('contests/requests');

export const contestsEndpoints = {
  // Public
  openContests: { method: 'GET', path: '/contests/all-contests', answer: answer<Contest[]>() },
  completedContests: { method: 'GET', path: '/contests/completed', answer: answer<CompletedContest[]>() },
  countdown: { method: 'GET', path: '/admin/current-contest/countdown', answer: answer<ContestCountdown>() },
  allGroupsLeaderboard: { method: 'GET', path: '/groups/all-contestants', answer: answer<AllGroupsLeaderboard>() },
  groupLeaderboard: { method: 'GET', path: '/groups/:groupId/leaderboard', answer: answer<LeaderboardItem[]>() },

  // The signed-in contestant
  contestStatus: { method: 'GET', path: '/contestants/current-contest', answer: answer<CurrentContestStatus>() },
  joinContest: { method: 'POST', path: '/contestants/join-contest', body: request('joinContestBodySchema'), answer: answer<JoinContestResponse>() },

  // Admin: contests
  adminContests: { method: 'GET', path: '/admin/all-contests', staff: 'standings', query: request('pageQuerySchema'), answer: answer<Contest[]>() },
  adminContest: { method: 'GET', path: '/admin/contests/:id', staff: 'standings', answer: answer<Contest>() },
  createContest: { method: 'POST', path: '/admin/create-contest', staff: 'contests', body: request('createContestSchema'), answer: answer<Contest>() },
  updateContest: { method: 'PUT', path: '/admin/contests/:id', staff: 'contests', body: request('contestPatchSchema'), answer: answer<Contest>() },
  roundCut: { method: 'GET', path: '/admin/contests/:id/rounds/:position/cut', staff: 'standings', answer: answer<RoundCutPreview>() },
  deleteContest: { method: 'DELETE', path: '/admin/contests/:id', staff: 'contests', answer: answer<MessageResponse>() },
  exportParticipants: { method: 'GET', path: '/admin/contests/:id/participants', staff: 'participants', file: 'text/csv', answer: answer<string>() },

  // Admin: groups, contestants and eliminations
  contestGroups: {
    method: 'GET',
    path: '/admin/contests/:id/groups',
    staff: 'standings',
    query: request('optionalPageQuerySchema'),
    answer: answer<ContestGroup[]>(),
  },
  createGroup: { method: 'POST', path: '/admin/contests/:id/groups', staff: 'contests', answer: answer<ContestGroup>() },
  updateGroup: { method: 'PUT', path: '/admin/groups/:id', staff: 'contests', body: request('groupPatchSchema'), answer: answer<ContestGroup>() },
  groupContestants: { method: 'GET', path: '/groups/:groupId/contestants', staff: 'standings', answer: answer<GroupContestants>() },
  contestants: { method: 'GET', path: '/contestants', staff: 'standings', query: request('contestantsQuerySchema'), answer: answer<AdminContestantItem[]>() },
  eliminateEntry: {
    method: 'PUT',
    path: '/contestants/contestant-entries/:entryId',
    staff: 'contests',
    body: request('entryPatchSchema'),
    answer: answer<EliminationResponse>(),
  },
} as const satisfies EndpointTable;
