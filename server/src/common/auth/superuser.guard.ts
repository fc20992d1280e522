import { HttpException, HttpStatus, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AUTH_GUARD_MESSAGES } from '#contract/auth/messages.js';
import './current-user.decorator.js';

/** Runs after JwtAuthGuard: every admin call needs a superuser. */
@Injectable()
export class SuperuserGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<FastifyRequest>().user;
    if (!user) throw new HttpException({ detail: AUTH_GUARD_MESSAGES.notAuthenticated }, HttpStatus.UNAUTHORIZED);
    if (!user.isSuperuser) throw new HttpException({ detail: AUTH_GUARD_MESSAGES.superuserRequired }, HttpStatus.FORBIDDEN);
    return true;
  }
}
