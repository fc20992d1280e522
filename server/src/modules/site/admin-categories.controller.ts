import { Body, Controller } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { type SiteCategories, siteCategoriesAnswerSchema } from '#contract/profiles/answers.js';
import { profilesEndpoints } from '#contract/profiles/endpoints.js';
import { siteCategoriesSchema } from '#contract/profiles/requests.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { Route } from '#server/common/http/route.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { SiteCategoriesService } from './site-categories.service.js';

/** The site's categories (staff permission 'contests'). */
@ApiTags('admin')
@Controller()
export class AdminCategoriesController {
  constructor(private readonly categories: SiteCategoriesService) {}

  @Route(profilesEndpoints.siteCategories)
  @ApiOperation({ summary: "The site's own categories (a contest may offer its own list instead)" })
  @ApiOkResponse({ description: 'SiteCategories' })
  @ApiAnswer(siteCategoriesAnswerSchema)
  list(): Promise<SiteCategories> {
    return this.categories.list();
  }

  @Route(profilesEndpoints.updateSiteCategories)
  @ApiOperation({ summary: "Replace the site's categories (1 to 20 unique names of at most 32 characters), in the order the dropdowns show them" })
  @ApiOkResponse({ description: 'SiteCategories' })
  @ApiUnprocessableEntityResponse({ description: '{detail: [{loc, msg, type}]}: the list or a name is invalid' })
  @ApiAnswer(siteCategoriesAnswerSchema)
  replace(@CurrentUser() user: AuthUser, @Body(new ZodPipe(siteCategoriesSchema)) body: { categories: string[] }): Promise<SiteCategories> {
    return this.categories.replace(user.id, body.categories);
  }
}
