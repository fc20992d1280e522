import { Body, Controller, HttpCode, HttpStatus, Post, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { TokenResponse } from '#contract/api-types.js';
import { loginSchema } from '#contract/auth-schemas.js';
import { ClientAddress } from '#server/common/client-address.decorator.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { TooManyAttempts } from './login-throttle.service.js';
import { LoginService, type LoginRequest } from './login.service.js';

@ApiTags('auth')
@Controller('auth')
export class LoginController {
  constructor(private readonly loginService: LoginService) {}

  @Post('login')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Sign in with username or e-mail; answers a bearer token' })
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['username', 'password'],
      properties: {
        username: { type: 'string', description: 'username or e-mail' },
        password: { type: 'string', format: 'password' },
        remember_me: { type: 'boolean' },
      },
    },
  })
  @ApiOkResponse({ description: '{access_token, token_type: "bearer"}' })
  @ApiBadRequestResponse({ description: 'Invalid credentials' })
  @ApiForbiddenResponse({ description: 'Email not verified' })
  @ApiTooManyRequestsResponse({ description: 'Too many failed attempts; see Retry-After' })
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
