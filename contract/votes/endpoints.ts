// The vote calls: the free vote, its check and its challenge, the votes-over-time charts (a contestant's,
// and a group's for admins), and the admin's vote review, void and ledger export.
import type { Challenge } from 'altcha-lib/types';
import { answer, type EndpointTable, schemasOf } from '../api/endpoint.js';
import type { GroupVotesOverTime, VoidVotesResult, VoteCheckResponse, VoteResponse, VoteReviewList, VotesOverTime } from './answers.js';
import type * as requests from './requests.js';

const request = schemasOf<typeof requests>('votes/requests');

export const votesEndpoints = {
  castFreeVote: { method: 'POST', path: '/contestants/:username/vote', body: request('voteBodySchema'), answer: answer<VoteResponse>() },
  getVoteCheck: { method: 'GET', path: '/contestants/:username/vote-check', answer: answer<VoteCheckResponse>() },
  getVoteChallenge: { method: 'GET', path: '/votes/challenge', answer: answer<Challenge>() },
  getVotesOverTime: {
    method: 'GET',
    path: '/contestants/:username/votes-over-time',
    query: request('votesOverTimeQuerySchema'),
    answer: answer<VotesOverTime>(),
  },
  getGroupVotesOverTime: {
    method: 'GET',
    path: '/admin/groups/:groupId/votes-over-time',
    staff: 'standings',
    query: request('votesOverTimeQuerySchema'),
    answer: answer<GroupVotesOverTime>(),
  },
  getVoteReview: { method: 'GET', path: '/admin/vote-review', staff: 'moderation', query: request('voteReviewQuerySchema'), answer: answer<VoteReviewList>() },
  voidVotes: { method: 'POST', path: '/admin/vote-review/void', staff: 'moderation', body: request('voidVotesSchema'), answer: answer<VoidVotesResult>() },
  exportVotes: {
    method: 'GET',
    path: '/admin/votes/export',
    staff: 'ledger',
    query: request('votesExportQuerySchema'),
    file: 'text/csv',
    answer: answer<string>(),
  },
} as const satisfies EndpointTable;
