import { HttpException, HttpStatus, Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AUTH_GUARD_MESSAGES } from '#contract/auth/messages.js';
import { endpointOf } from '#server/common/http/route.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { requireStaffTwoFactor } from './staff-two-factor.js';
import './current-user.decorator.js';

/** Runs after JwtAuthGuard: every admin call needs a superuser, and (STAFF_2FA=required) an owner's second factor. */
@Injectable()
export class SuperuserGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'STAFF_2FA'>) {}

  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<FastifyRequest>().user;
    if (!user) throw new HttpException({ detail: AUTH_GUARD_MESSAGES.notAuthenticated }, HttpStatus.UNAUTHORIZED);
    if (!user.isSuperuser) throw new HttpException({ detail: AUTH_GUARD_MESSAGES.superuserRequired }, HttpStatus.FORBIDDEN);
    requireStaffTwoFactor(user, endpointOf(context.getHandler()), this.config.STAFF_2FA);
    return true;
  }
}
