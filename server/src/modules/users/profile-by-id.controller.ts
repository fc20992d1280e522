import { Controller } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type ProfileById, profileByIdSchema } from '#contract/profiles/answers.js';
import { IdParam } from '#server/common/id-param.js';
import { UsersService } from './users.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { profilesEndpoints } from '#contract/profiles/endpoints.js';
import { Route } from '#server/common/http/route.js';

/** The vote page's lookup by profile id (GET /profiles/id/{profileId}). */
@ApiTags('contestants')
@Controller()
export class ProfileByIdController {
  constructor(private readonly users: UsersService) {}

  @Route(profilesEndpoints.profileById)
  @ApiOperation({ summary: "A contestant's name and state by profile id, for the vote page" })
  @ApiOkResponse({ description: 'ProfileById (contract/profiles/answers.ts): user_details.first_name, ...' })
  @ApiNotFoundResponse({ description: 'Profile not found' })
  @ApiAnswer(profileByIdSchema)
  profile(@IdParam('profileId') profileId: number): Promise<ProfileById> {
    return this.users.profileById(profileId);
  }
}
