import { Body, Controller } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { type StaffList, staffListSchema, type StaffMember, staffMemberSchema } from '#contract/staff/answers.js';
import { staffEndpoints } from '#contract/staff/endpoints.js';
import { STAFF_MESSAGES } from '#contract/staff/messages.js';
import { type SetStaffRole, setStaffRoleSchema } from '#contract/staff/requests.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { Route } from '#server/common/http/route.js';
import { UsernameParam } from '#server/common/username-param.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { StaffService } from './staff.service.js';

/** The staff page's calls: who holds a role, and granting, changing or revoking one (the `roles` permission: owners). */
@ApiTags('admin')
@Controller()
export class StaffController {
  constructor(private readonly staff: StaffService) {}

  @Route(staffEndpoints.listStaff)
  @ApiOperation({ summary: 'Every staff account with its role: owners, then organizers, then moderators' })
  @ApiOkResponse({ description: 'StaffList {items} (contract/staff/answers.ts)' })
  @ApiAnswer(staffListSchema)
  list(): Promise<StaffList> {
    return this.staff.list();
  }

  @Route(staffEndpoints.setStaffRole)
  @ApiOperation({ summary: "Grant, change or revoke (role null) an account's staff role (recorded in the audit log)" })
  @ApiOkResponse({ description: 'The StaffMember as stored; staff_role null once revoked' })
  @ApiNotFoundResponse({ description: 'No account has that username' })
  @ApiConflictResponse({ description: 'A role for an unverified account or a contestant, or the last owner losing theirs' })
  @ApiUnprocessableEntityResponse({ description: 'role is not owner, organizer, moderator or null' })
  @ApiAnswer(staffMemberSchema)
  setRole(
    @CurrentUser() owner: AuthUser,
    @UsernameParam('username', STAFF_MESSAGES.userNotFound) username: string,
    @Body(new ZodPipe(setStaffRoleSchema)) body: SetStaffRole,
  ): Promise<StaffMember> {
    return this.staff.setRole(owner.id, username, body.role);
  }
}
