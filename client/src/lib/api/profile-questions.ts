// GET /profile-questions: the active profile questions in order, for the forms that ask them (registration
// asks the required ones, profile basics all of them). Dropped with the 'ProfileQuestions' tag when an
// organizer changes them.
import type { AnswerOf } from '#contract/api/endpoint';
import { questionsEndpoints } from '#contract/questions/endpoints';
import { api } from './api';
import { request } from './request';

const list = questionsEndpoints.profileQuestions;

const profileQuestionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfileQuestions: build.query<AnswerOf<typeof list>, void>({
      query: () => request(list, {}, { withToken: false }),
      providesTags: ['ProfileQuestions'],
    }),
  }),
});

export const {
  useGetProfileQuestionsQuery,
  endpoints: { getProfileQuestions },
} = profileQuestionsApi;
