import { HttpException, HttpStatus, Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AUTH_GUARD_MESSAGES } from '#contract/auth/messages.js';
import { roleCan } from '#contract/auth/roles.js';
import { STAFF_MESSAGES } from '#contract/staff/messages.js';
import { endpointOf } from '#server/common/http/route-endpoint.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { requireStaffTwoFactor } from './staff-two-factor.js';
import './current-user.decorator.js';

/**
 * Runs after JwtAuthGuard on every staff call (`@Route` puts it on each endpoint with `staff`): the signed-in
 * account's role, as the database holds it (JwtAuthGuard loads the user afresh; the token's claims are never
 * read), must grant the permission the endpoint names. No user: 401. Not staff: 403. Staff whose role lacks
 * the permission, or a route that names none: 403. While STAFF_2FA is `required`, an owner without a second
 * factor: 403 on every staff call but its setup.
 */
@Injectable()
export class StaffGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'STAFF_2FA'>) {}

  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<FastifyRequest>().user;
    if (!user) throw new HttpException({ detail: AUTH_GUARD_MESSAGES.notAuthenticated }, HttpStatus.UNAUTHORIZED);
    if (!user.staffRole) throw new HttpException({ detail: AUTH_GUARD_MESSAGES.superuserRequired }, HttpStatus.FORBIDDEN);
    const endpoint = endpointOf(context.getHandler());
    const permission = endpoint?.staff;
    if (!permission || !roleCan(user.staffRole, permission)) throw new HttpException({ detail: STAFF_MESSAGES.permissionRequired }, HttpStatus.FORBIDDEN);
    requireStaffTwoFactor(user, endpoint, this.config.STAFF_2FA);
    return true;
  }
}
