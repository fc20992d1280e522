// POST /auth/register-contestant: multipart form with repeated `pictures` files.
import type { RegistrationResponse } from '#contract/auth/answers';
import type { RegistrationFields } from '#contract/auth/requests';
import { api } from '@/lib/api/api';

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
    registerContestant: build.mutation<Partial<RegistrationResponse>, RegisterContestantRequest>({
      query: (request) => ({ url: '/auth/register-contestant', method: 'POST', body: toFormData(request), withToken: false }),
    }),
  }),
});

export const { useRegisterContestantMutation } = registerApi;
