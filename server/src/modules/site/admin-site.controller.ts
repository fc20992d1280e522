import { Body, Controller, HttpCode, HttpStatus, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConsumes, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AdminSiteSettings, adminSiteSettingsSchema, type EmbedOrigins, embedOriginsSchema } from '#contract/site/answers.js';
import { SITE_LOGO } from '#contract/site/constants.js';
import { siteEndpoints } from '#contract/site/endpoints.js';
import {
  type EmbedOriginsUpdate,
  embedOriginsUpdateSchema,
  siteLogoFieldsSchema,
  type SiteSettingsUpdate,
  siteSettingsUpdateSchema,
} from '#contract/site/requests.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { ApiAnswer, ApiMultipartBody } from '#server/common/api-docs.js';
import { readMultipartForm } from '#server/common/http/multipart-form.js';
import { Route } from '#server/common/http/route.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { AdminSiteService } from './admin-site.service.js';

/** The admin "Site" page: the site's name, look, logo, charity and e-mail sender (organizers and owners). */
@ApiTags('admin')
@Controller()
export class AdminSiteController {
  constructor(private readonly site: AdminSiteService) {}

  @Route(siteEndpoints.adminSite)
  @ApiOperation({ summary: "The site's settings the admin Site page edits, with the logo's address" })
  @ApiOkResponse({ description: 'AdminSiteSettings (contract/site/answers.ts)' })
  @ApiAnswer(adminSiteSettingsSchema)
  get(): Promise<AdminSiteSettings> {
    return this.site.current();
  }

  @Route(siteEndpoints.saveSite)
  @ApiOperation({ summary: "Save the site's name, colours, charity and sender name: shown at once on every page and e-mail (recorded in the audit log)" })
  @ApiOkResponse({ description: 'The saved AdminSiteSettings' })
  @ApiBadRequestResponse({ description: 'The colours leave a pair of the palette under 4.5:1: {"detail"} names the pair and its ratio' })
  @ApiUnprocessableEntityResponse({ description: 'A field is missing or invalid: {"detail": [{loc, msg, type}]}' })
  @ApiAnswer(adminSiteSettingsSchema)
  save(@CurrentUser() admin: AuthUser, @Body(new ZodPipe(siteSettingsUpdateSchema)) body: SiteSettingsUpdate): Promise<AdminSiteSettings> {
    return this.site.update(admin.id, body);
  }

  @Route(siteEndpoints.uploadLogo)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: `Replace the logo: one PNG or JPEG up to ${SITE_LOGO.maxBytes / 1024 / 1024} MB and ${SITE_LOGO.maxSide} pixels a side, re-encoded (recorded in the audit log)`,
  })
  @ApiConsumes('multipart/form-data')
  @ApiMultipartBody(siteLogoFieldsSchema, SITE_LOGO.field)
  @ApiOkResponse({ description: 'The saved AdminSiteSettings with the new logo_url' })
  @ApiBadRequestResponse({ description: 'No picture, more than one, or one refused (its type, size or sides): {"detail"}; nothing changes' })
  @ApiAnswer(adminSiteSettingsSchema)
  uploadLogo(@CurrentUser() admin: AuthUser, @Req() request: FastifyRequest): Promise<AdminSiteSettings> {
    return this.site.uploadLogo(admin.id, () => readMultipartForm(request, SITE_LOGO.field));
  }

  @Route(siteEndpoints.removeLogo)
  @ApiOperation({ summary: 'Remove the logo: the pages show the name alone (recorded in the audit log)' })
  @ApiOkResponse({ description: 'The saved AdminSiteSettings, logo_url null' })
  @ApiAnswer(adminSiteSettingsSchema)
  removeLogo(@CurrentUser() admin: AuthUser): Promise<AdminSiteSettings> {
    return this.site.removeLogo(admin.id);
  }

  @Route(siteEndpoints.embedOrigins)
  @ApiOperation({ summary: 'The sites (origins) that may frame the embed pages' })
  @ApiOkResponse({ description: 'EmbedOrigins (contract/site/answers.ts)' })
  @ApiAnswer(embedOriginsSchema)
  embedOrigins(): Promise<EmbedOrigins> {
    return this.site.embedOrigins();
  }

  @Route(siteEndpoints.saveEmbedOrigins)
  @ApiOperation({ summary: 'Replace the sites that may frame the embed pages: effective at once on every process (recorded in the audit log)' })
  @ApiOkResponse({ description: 'The saved EmbedOrigins' })
  @ApiUnprocessableEntityResponse({ description: 'An entry is not an origin (scheme://host[:port]), or the list is too long: {"detail": [{loc, msg, type}]}' })
  @ApiAnswer(embedOriginsSchema)
  saveEmbedOrigins(@CurrentUser() admin: AuthUser, @Body(new ZodPipe(embedOriginsUpdateSchema)) body: EmbedOriginsUpdate): Promise<EmbedOrigins> {
    return this.site.saveEmbedOrigins(admin.id, body);
  }
}
