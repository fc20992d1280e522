import { Controller } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type GroupContestants, groupContestantsSchema } from '#contract/contests/answers.js';
import { IdParam } from '#server/common/id-param.js';
import { ContestGroupsService } from '#server/modules/contests/contest-groups.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { contestsEndpoints } from '#contract/contests/endpoints.js';
import { Route } from '#server/common/http/route.js';

@ApiTags('groups')
@Controller()
export class GroupsController {
  constructor(private readonly groups: ContestGroupsService) {}

  @Route(contestsEndpoints.groupContestants)
  @ApiOperation({ summary: 'A group with its entries by votes (highest first); rank is the sorted position' })
  @ApiOkResponse({ description: 'GroupContestants (contract/contests/answers.ts)' })
  @ApiNotFoundResponse({ description: 'Group not found' })
  @ApiAnswer(groupContestantsSchema)
  contestants(@IdParam('groupId') groupId: number): Promise<GroupContestants> {
    return this.groups.contestants(groupId);
  }
}
