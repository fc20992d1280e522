import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { PROFILE_PAGE_ROUTES } from '#server/common/http/page-routes.js';
import { ProfileHeadService } from './profile-head.service.js';

/**
 * /profile/{username} and /profile/2025/{username} (outside the API prefix): the app shell with the
 * contestant's preview tags. Anything else (no such contestant, no client built, SERVE_CLIENT off)
 * goes the way of every unknown page path: the exception filter's plain shell, or its 404.
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
