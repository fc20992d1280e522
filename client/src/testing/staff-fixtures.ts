// Staff list answers for component tests (shapes of contract/staff/answers.ts).
import type { StaffMember } from '#contract/staff/answers';

export const makeStaffMember = (id: number, over: Partial<StaffMember> = {}): StaffMember => ({
  id,
  username: `staff${id}`,
  email: `staff${id}@example.com`,
  first_name: 'Staff',
  last_name: `Number${id}`,
  staff_role: 'moderator',
  two_factor: false,
  last_login_at: '2030-01-02T09:30:00.000Z',
  ...over,
});
