import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { PROFILE_PAGE_ROUTES } from '#server/infra/ssr/page-shell.js';
import { ProfileHeadService } from './profile-head.service.js';

/**
 * /profile/{username} and /profile/2025/{username} (outside the API prefix): the page with the
 * contestant's preview tags. /profile/basics and its siblings are the owner's pages (their own shell).
 * Anything else (no such contestant, no client built, SERVE_CLIENT off)
 * is a 404: the exception filter's page (the app's not-found message), or its JSON.
 */
@ApiExcludeController()
@Controller()
export class ProfilePageController {
  constructor(private readonly heads: ProfileHeadService) {}

  @Get(PROFILE_PAGE_ROUTES)
  async page(@Param('username') username: string, @Res() reply: FastifyReply): Promise<void> {
    const html = await this.heads.page(username, reply.request.url);
    if (html === null) throw new NotFoundException();
    void reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }
}
