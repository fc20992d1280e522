// What the signed-in staff member's role lets them do: each admin call names the permission it needs in
// the endpoint table (`staff`), and the admin area shows a page, a menu item or an action only to a role
// that has it (contract/auth/roles.ts), so the client asks the server for nothing it would refuse.
import type { Endpoint } from '#contract/api/endpoint';
import { roleCan, type StaffPermission, type StaffRole } from '#contract/auth/roles';
import { useAppSelector } from '../store/hooks';
import { selectStaffRole } from './auth-slice';

/** An admin call: one that names the permission it needs. */
export type StaffEndpoint = Endpoint & { readonly staff: StaffPermission };

/** The permissions a set of calls needs, each once: `staffOf(contestsEndpoints.adminContest, contestsEndpoints.updateContest)`. */
export function staffOf(...endpoints: readonly [StaffEndpoint, ...StaffEndpoint[]]): readonly StaffPermission[] {
  return [...new Set(endpoints.map((endpoint) => endpoint.staff))];
}

/** Whether a role has every one of the permissions (none asked: yes). */
export function roleMay(role: StaffRole | null | undefined, permissions: readonly StaffPermission[]): boolean {
  return permissions.every((permission) => roleCan(role, permission));
}

/** The signed-in account's staff role, null when it is not staff. */
export const useStaffRole = (): StaffRole | null => useAppSelector(selectStaffRole);

/** Whether the signed-in account's role has the permission. */
export function useStaffCan(permission: StaffPermission): boolean {
  return roleCan(useStaffRole(), permission);
}

/** Whether the signed-in account's role has every one of the permissions. */
export function useStaffMay(permissions: readonly StaffPermission[]): boolean {
  return roleMay(useStaffRole(), permissions);
}
