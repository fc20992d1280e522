// Granting and revoking staff roles (owners only): one definition for the admin page and the server.
import { z } from 'zod';
import { STAFF_ROLES } from '../auth/roles.js';
import { STAFF_MESSAGES } from './messages.js';

/** PUT /admin/staff/:username: the role to hold from now on, or null to revoke it. */
export const setStaffRoleSchema = z.object({
  role: z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.roleInvalid }).nullable(),
});
export type SetStaffRole = z.infer<typeof setStaffRoleSchema>;
