// The staff list of the admin area.
import { z } from 'zod';
import { id, named, timestamp } from '../common/answers.js';
import { STAFF_ROLES } from '../auth/roles.js';

export const staffMemberSchema = named(
  'StaffMember',
  z.object({
    id,
    username: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    /** null once revoked (the answer of a revoke). */
    staff_role: z.enum(STAFF_ROLES).nullable(),
    /** Whether the account signs in with a second factor (an authenticator's codes). */
    two_factor: z.boolean(),
    last_login_at: timestamp.nullable(),
  }),
);
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListSchema = named('StaffList', z.object({ items: z.array(staffMemberSchema) }));
export type StaffList = z.infer<typeof staffListSchema>;
