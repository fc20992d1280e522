import { Body, Controller, Header, HttpCode, HttpStatus, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import {
  type RecoveryCodes,
  recoveryCodesSchema,
  type TwoFactorSetup,
  twoFactorSetupSchema,
  type TwoFactorStatus,
  twoFactorStatusSchema,
} from '#contract/twofactor/answers.js';
import { twoFactorEndpoints } from '#contract/twofactor/endpoints.js';
import { type DisableTwoFactor, disableTwoFactorSchema, twoFactorCodeSchema } from '#contract/twofactor/requests.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { ClientAddress } from '#server/common/client-address.decorator.js';
import { Route } from '#server/common/http/route.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import type { FastifyReply } from 'fastify';
import { withRetryAfter } from '../login-throttle.service.js';
import { TwoFactorService } from './two-factor.service.js';

/**
 * A staff account's own two-factor sign-in. Open to an owner whom STAFF_2FA=required keeps out of the
 * rest of the admin area (the staff guard lets these calls through). Answers that hold a secret or
 * recovery codes are never stored by a browser or proxy (Cache-Control: no-store).
 */
@ApiTags('admin')
@Controller()
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @Route(twoFactorEndpoints.getTwoFactorStatus)
  @ApiOperation({ summary: "The signed-in staff account's two-factor sign-in: on or off, recovery codes left, whether STAFF_2FA requires it" })
  @ApiOkResponse({ description: 'TwoFactorStatus' })
  @ApiAnswer(twoFactorStatusSchema)
  status(@CurrentUser() user: AuthUser): Promise<TwoFactorStatus> {
    return this.twoFactor.status(user);
  }

  @Route(twoFactorEndpoints.startTwoFactorSetup)
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Start the setup: a new secret for the authenticator app, as text, otpauth address and QR code (SVG)' })
  @ApiOkResponse({ description: 'TwoFactorSetup {secret, otpauth_uri, qr_svg}' })
  @ApiConflictResponse({ description: 'Two-factor sign-in is already on' })
  @ApiAnswer(twoFactorSetupSchema)
  start(@CurrentUser() user: AuthUser): Promise<TwoFactorSetup> {
    return this.twoFactor.start(user);
  }

  @Route(twoFactorEndpoints.confirmTwoFactorSetup)
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Confirm the setup with a code: turns two-factor sign-in on and answers the recovery codes, this once (audit log)' })
  @ApiOkResponse({ description: 'RecoveryCodes {recovery_codes}' })
  @ApiBadRequestResponse({ description: 'That code is not right (counted by the sign-in limits)' })
  @ApiConflictResponse({ description: 'No setup was started, or two-factor sign-in is already on' })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong codes or passwords; see Retry-After' })
  @ApiAnswer(recoveryCodesSchema)
  confirm(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(twoFactorCodeSchema)) body: { code: string },
    @ClientAddress() clientAddress: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RecoveryCodes> {
    return withRetryAfter(reply, this.twoFactor.confirm(user, body.code, clientAddress));
  }

  @Route(twoFactorEndpoints.regenerateRecoveryCodes)
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'New recovery codes for a current code; the earlier ones stop working (audit log)' })
  @ApiOkResponse({ description: 'RecoveryCodes {recovery_codes}' })
  @ApiBadRequestResponse({ description: 'That code is not right (counted by the sign-in limits)' })
  @ApiConflictResponse({ description: 'Two-factor sign-in is off' })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong codes or passwords; see Retry-After' })
  @ApiAnswer(recoveryCodesSchema)
  regenerate(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(twoFactorCodeSchema)) body: { code: string },
    @ClientAddress() clientAddress: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RecoveryCodes> {
    return withRetryAfter(reply, this.twoFactor.regenerate(user, body.code, clientAddress));
  }

  @Route(twoFactorEndpoints.disableTwoFactor)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Turn two-factor sign-in off, with a current code or the password (audit log)' })
  @ApiOkResponse({ description: 'TwoFactorStatus' })
  @ApiBadRequestResponse({ description: 'That code or password is not right (counted by the sign-in limits)' })
  @ApiConflictResponse({ description: 'Two-factor sign-in is off' })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong codes or passwords; see Retry-After' })
  @ApiAnswer(twoFactorStatusSchema)
  disable(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(disableTwoFactorSchema)) body: DisableTwoFactor,
    @ClientAddress() clientAddress: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TwoFactorStatus> {
    return withRetryAfter(reply, this.twoFactor.disable(user, body, clientAddress));
  }
}
