// POST /auth/register-contestant: multipart form with repeated `pictures` files.
import type { AnswerOf } from '#contract/api/endpoint';
import { authEndpoints } from '#contract/auth/endpoints';
import type { RegistrationFields } from '#contract/auth/requests';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const register = authEndpoints.registerContestant;

export interface RegisterContestantRequest {
  fields: RegistrationFields;
  pictures: File[];
}

function toFormData({ fields, pictures }: RegisterContestantRequest): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null) form.append(key, String(value));
  for (const picture of pictures) form.append('pictures', picture, picture.name);
  return form;
}

const registerApi = api.injectEndpoints({
  endpoints: (build) => ({
    registerContestant: build.mutation<AnswerOf<typeof register>, RegisterContestantRequest>({
      query: (args) => request(register, { body: toFormData(args) }, { withToken: false }),
    }),
  }),
});

export const { useRegisterContestantMutation } = registerApi;
