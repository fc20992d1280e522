import { Body, Controller } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { socialLinksSchema } from '#contract/profiles/requests.js';
import { type SocialLinks, socialLinksAnswerSchema } from '#contract/profiles/answers.js';
import { Authenticated } from '#server/common/auth/auth.decorators.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { SocialLinksService } from './social-links.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { profilesEndpoints } from '#contract/profiles/endpoints.js';
import { Route } from '#server/common/http/route.js';

@ApiTags('users')
@Controller()
export class SocialLinksController {
  constructor(private readonly socialLinks: SocialLinksService) {}

  @Route(profilesEndpoints.socialLinks)
  @Authenticated()
  @ApiOperation({ summary: "The signed-in user's Instagram and TikTok links" })
  @ApiOkResponse({ description: '{instagram, tiktok}, each a link or null' })
  @ApiAnswer(socialLinksAnswerSchema)
  get(@CurrentUser() user: AuthUser): Promise<SocialLinks> {
    return this.socialLinks.get(user.id);
  }

  @Route(profilesEndpoints.updateSocialLinks)
  @Authenticated()
  @ApiOperation({ summary: "Saves the signed-in user's links; an empty or missing field clears it" })
  @ApiOkResponse({ description: 'The saved links, normalised to https without a trailing slash' })
  @ApiUnprocessableEntityResponse({ description: 'A list of field problems: {"detail": [{loc, msg, type}]}' })
  @ApiAnswer(socialLinksAnswerSchema)
  update(@CurrentUser() user: AuthUser, @Body(new ZodPipe(socialLinksSchema)) body: SocialLinks): Promise<SocialLinks> {
    return this.socialLinks.update(user.id, body);
  }
}
