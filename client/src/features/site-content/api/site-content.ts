// The organizer's site content: the site's categories (GET/PUT /admin/site/categories) and the profile
// questions (GET, POST, PUT /admin/profile-questions, POST …/move). A change refetches GET /site and the
// public question list, so the forms of this tab follow at once.
import type { AnswerOf, BodyIn } from '#contract/api/endpoint';
import { profilesEndpoints } from '#contract/profiles/endpoints';
import { questionsEndpoints } from '#contract/questions/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const categories = profilesEndpoints.siteCategories;
const saveCategories = profilesEndpoints.updateSiteCategories;
const list = questionsEndpoints.adminProfileQuestions;
const create = questionsEndpoints.createProfileQuestion;
const update = questionsEndpoints.updateProfileQuestion;
const move = questionsEndpoints.moveProfileQuestion;

const siteContentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSiteCategories: build.query<AnswerOf<typeof categories>, void>({
      query: () => request(categories),
      providesTags: ['Site'],
    }),
    saveSiteCategories: build.mutation<AnswerOf<typeof saveCategories>, BodyIn<typeof saveCategories>>({
      query: (body) => request(saveCategories, { body }),
      invalidatesTags: (_r, error) => (error ? [] : ['Site']),
    }),
    getAdminQuestions: build.query<AnswerOf<typeof list>, void>({
      query: () => request(list),
      providesTags: ['ProfileQuestions'],
    }),
    createQuestion: build.mutation<AnswerOf<typeof create>, BodyIn<typeof create>>({
      query: (body) => request(create, { body }),
      invalidatesTags: (_r, error) => (error ? [] : ['ProfileQuestions']),
    }),
    updateQuestion: build.mutation<AnswerOf<typeof update>, { id: number } & BodyIn<typeof update>>({
      query: ({ id, ...body }) => request(update, { path: { id }, body }),
      invalidatesTags: (_r, error) => (error ? [] : ['ProfileQuestions']),
    }),
    moveQuestion: build.mutation<AnswerOf<typeof move>, { id: number } & BodyIn<typeof move>>({
      query: ({ id, ...body }) => request(move, { path: { id }, body }),
      invalidatesTags: (_r, error) => (error ? [] : ['ProfileQuestions']),
    }),
  }),
});

export const {
  useGetSiteCategoriesQuery,
  useSaveSiteCategoriesMutation,
  useGetAdminQuestionsQuery,
  useCreateQuestionMutation,
  useUpdateQuestionMutation,
  useMoveQuestionMutation,
} = siteContentApi;
