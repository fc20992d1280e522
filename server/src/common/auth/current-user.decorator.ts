import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from './auth-user-lookup.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by JwtAuthGuard / OptionalAuthGuard: the signed-in user, freshly loaded from the database. */
    user?: AuthUser | null;
  }
}

/**
 * The signed-in user. Behind JwtAuthGuard it is always set; behind OptionalAuthGuard it is
 * null for visitors.
 */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser | null => {
  return ctx.switchToHttp().getRequest<FastifyRequest>().user ?? null;
});
