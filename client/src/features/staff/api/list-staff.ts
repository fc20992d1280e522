// GET /admin/staff → StaffList: every account that holds a staff role (owners only).
import type { AnswerOf } from '#contract/api/endpoint';
import { staffEndpoints } from '#contract/staff/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const list = staffEndpoints.listStaff;

const listStaffApi = api.injectEndpoints({
  endpoints: (build) => ({
    listStaff: build.query<AnswerOf<typeof list>, void>({
      query: () => request(list),
      providesTags: ['Staff'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useListStaffQuery } = listStaffApi;
