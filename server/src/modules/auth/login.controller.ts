import { Body, Controller, HttpCode, HttpStatus, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConsumes,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type TokenResponse, tokenResponseSchema } from '#contract/auth/answers.js';
import { loginSchema } from '#contract/auth/requests.js';
import { ClientAddress } from '#server/common/client-address.decorator.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { TooManyAttempts } from './login-throttle.service.js';
import { LoginService, type LoginRequest } from './login.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { authEndpoints } from '#contract/auth/endpoints.js';
import { Route } from '#server/common/http/route.js';

@ApiTags('auth')
@Controller()
export class LoginController {
  constructor(private readonly loginService: LoginService) {}

  @Route(authEndpoints.login)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Sign in with username or e-mail; answers a bearer token' })
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiOkResponse({ description: '{access_token, token_type: "bearer"}' })
  @ApiBadRequestResponse({ description: 'Invalid credentials' })
  @ApiUnprocessableEntityResponse({ description: 'A missing or malformed field: {"detail": [{loc, msg, type}]}' })
  @ApiForbiddenResponse({ description: 'Email not verified' })
  @ApiTooManyRequestsResponse({ description: 'Too many failed attempts; see Retry-After' })
  @ApiAnswer(tokenResponseSchema, { example: { access_token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl', token_type: 'bearer' } })
  async login(
    @Body(new ZodPipe(loginSchema)) body: LoginRequest,
    @ClientAddress() clientAddress: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TokenResponse> {
    try {
      return await this.loginService.login(body, clientAddress);
    } catch (err) {
      if (err instanceof TooManyAttempts) void reply.header('Retry-After', String(err.retryAfterSeconds));
      throw err;
    }
  }
}
