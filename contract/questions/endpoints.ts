// The profile questions' calls: the active questions for the forms, and the organizer's list, additions,
// edits (retiring is an edit) and moves.
import { answer, type EndpointTable, schemasOf } from '../api/endpoint.js';
import type { ProfileQuestion } from './answers.js';
import type * as requests from './requests.js';

const request = schemasOf<typeof requests>('questions/requests');

export const questionsEndpoints = {
  profileQuestions: { method: 'GET', path: '/profile-questions', answer: answer<ProfileQuestion[]>() },
  adminProfileQuestions: { method: 'GET', path: '/admin/profile-questions', staff: 'contests', answer: answer<ProfileQuestion[]>() },
  createProfileQuestion: {
    method: 'POST',
    path: '/admin/profile-questions',
    staff: 'contests',
    body: request('createQuestionSchema'),
    answer: answer<ProfileQuestion[]>(),
  },
  updateProfileQuestion: {
    method: 'PUT',
    path: '/admin/profile-questions/:id',
    staff: 'contests',
    body: request('updateQuestionSchema'),
    answer: answer<ProfileQuestion[]>(),
  },
  moveProfileQuestion: {
    method: 'POST',
    path: '/admin/profile-questions/:id/move',
    staff: 'contests',
    body: request('moveQuestionSchema'),
    answer: answer<ProfileQuestion[]>(),
  },
} as const satisfies EndpointTable;
