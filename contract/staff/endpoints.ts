// The staff page: who holds a role, and an owner granting, changing or revoking one.
import { answer, type EndpointTable, schemasOf } from '../api/endpoint.js';
import type { StaffList, StaffMember } from './answers.js';
import type * as requests from './requests.js';

const request = schemasOf<typeof requests>('staff/requests');

export const staffEndpoints = {
  listStaff: { method: 'GET', path: '/admin/staff', staff: 'roles', answer: answer<StaffList>() },
  setStaffRole: { method: 'PUT', path: '/admin/staff/:username', staff: 'roles', body: request('setStaffRoleSchema'), answer: answer<StaffMember>() },
} as const satisfies EndpointTable;
