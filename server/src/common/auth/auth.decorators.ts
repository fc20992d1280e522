import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { JwtAuthGuard, OptionalAuthGuard } from './jwt-auth.guard.js';
import { SuperuserGuard } from './superuser.guard.js';

/** A signed-in user is required; read it with @CurrentUser(). */
export const Authenticated = () => applyDecorators(UseGuards(JwtAuthGuard), ApiBearerAuth(), ApiUnauthorizedResponse({ description: 'Not authenticated' }));

/** A signed-in superuser is required (admin calls). */
export const SuperuserOnly = () =>
  applyDecorators(
    UseGuards(JwtAuthGuard, SuperuserGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Not authenticated' }),
    ApiForbiddenResponse({ description: 'Superuser privileges required' }),
  );

/** Anyone may call; @CurrentUser() is the user when a valid token came along, otherwise null. */
export const OptionalAuthentication = () => applyDecorators(UseGuards(OptionalAuthGuard), ApiBearerAuth());
