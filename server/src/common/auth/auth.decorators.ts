import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { JwtAuthGuard, OptionalAuthGuard } from './jwt-auth.guard.js';

/** A signed-in user is required; read it with @CurrentUser(). Staff calls are guarded by `@Route` from the endpoint table. */
export const Authenticated = () => applyDecorators(UseGuards(JwtAuthGuard), ApiBearerAuth(), ApiUnauthorizedResponse({ description: 'Not authenticated' }));

/** Anyone may call; @CurrentUser() is the user when a valid token came along, otherwise null. */
export const OptionalAuthentication = () => applyDecorators(UseGuards(OptionalAuthGuard), ApiBearerAuth());
