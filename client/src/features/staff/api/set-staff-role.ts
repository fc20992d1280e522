// PUT /admin/staff/{username} {role} → the member: grant a role, change it, or revoke it (role null).
// The staff list refetches.
import type { AnswerOf, BodyIn } from '#contract/api/endpoint';
import { staffEndpoints } from '#contract/staff/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const setRole = staffEndpoints.setStaffRole;

const setStaffRoleApi = api.injectEndpoints({
  endpoints: (build) => ({
    setStaffRole: build.mutation<AnswerOf<typeof setRole>, { username: string } & BodyIn<typeof setRole>>({
      query: ({ username, role }) => request(setRole, { path: { username }, body: { role } }),
      invalidatesTags: ['Staff'],
    }),
  }),
});

export const { useSetStaffRoleMutation } = setStaffRoleApi;
