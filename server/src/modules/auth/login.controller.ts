import { Body, Controller, HttpCode, HttpStatus, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConsumes,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type LoginAnswer, loginAnswerSchema } from '#contract/auth/answers.js';
import { type TwoFactorTokenResponse, twoFactorTokenResponseSchema } from '#contract/twofactor/answers.js';
import { twoFactorEndpoints } from '#contract/twofactor/endpoints.js';
import { twoFactorSignInSchema } from '#contract/twofactor/requests.js';
import { loginSchema } from '#contract/auth/requests.js';
import { ClientAddress } from '#server/common/client-address.decorator.js';
import { RequestLanguage } from '#server/common/http/request-locale.js';
import type { Locale } from '#contract/site/constants.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { withRetryAfter } from './login-throttle.service.js';
import { LoginService, type LoginRequest, type TwoFactorSignInRequest } from './login.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { authEndpoints } from '#contract/auth/endpoints.js';
import { Route } from '#server/common/http/route.js';

@ApiTags('auth')
@Controller()
export class LoginController {
  constructor(private readonly loginService: LoginService) {}

  @Route(authEndpoints.login)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Sign in with username or e-mail; answers a bearer token, or the challenge of a second step (two-factor sign-in)' })
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiOkResponse({ description: '{access_token, token_type: "bearer"}, or {two_factor_required: true, challenge} for POST /auth/login/two-factor' })
  @ApiBadRequestResponse({ description: 'Invalid credentials' })
  @ApiUnprocessableEntityResponse({ description: 'A missing or malformed field: {"detail": [{loc, msg, type}]}' })
  @ApiForbiddenResponse({ description: 'Email not verified' })
  @ApiTooManyRequestsResponse({ description: 'Too many failed attempts; see Retry-After' })
  @ApiAnswer(loginAnswerSchema, { example: { access_token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl', token_type: 'bearer' } })
  async login(
    @Body(new ZodPipe(loginSchema)) body: LoginRequest,
    @ClientAddress() clientAddress: string,
    @RequestLanguage() locale: Locale,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LoginAnswer> {
    return withRetryAfter(reply, this.loginService.login(body, clientAddress, locale));
  }

  @Route(twoFactorEndpoints.signInWithTwoFactor)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Finish a two-factor sign-in: the login's challenge and an authenticator code or a recovery code; answers a bearer token" })
  @ApiOkResponse({ description: '{access_token, token_type, recovery_code_used, recovery_codes_left}' })
  @ApiUnauthorizedResponse({
    description: 'That code is not right (counted like a wrong password), or the challenge expired, was used or took too many wrong codes',
  })
  @ApiUnprocessableEntityResponse({ description: 'A missing or malformed field: {"detail": [{loc, msg, type}]}' })
  @ApiTooManyRequestsResponse({ description: 'Too many failed attempts; see Retry-After' })
  @ApiAnswer(twoFactorTokenResponseSchema)
  secondStep(
    @Body(new ZodPipe(twoFactorSignInSchema)) body: TwoFactorSignInRequest,
    @ClientAddress() clientAddress: string,
    @RequestLanguage() locale: Locale,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TwoFactorTokenResponse> {
    return withRetryAfter(reply, this.loginService.secondStep(body, clientAddress, locale));
  }
}
