import { Body, Controller, HttpCode, HttpStatus } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type MessageResponse, messageResponseSchema } from '#contract/common/answers.js';
import { emailOnlySchema, resetPasswordSchema } from '#contract/auth/requests.js';
import { ClientAddress } from '#server/common/client-address.decorator.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { PasswordResetService } from './password-reset.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { authEndpoints } from '#contract/auth/endpoints.js';
import { Route } from '#server/common/http/route.js';

@ApiTags('auth')
@Controller()
export class PasswordResetController {
  constructor(private readonly passwords: PasswordResetService) {}

  @Route(authEndpoints.forgotPassword)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'E-mail a password reset link (the same answer for any address)' })
  @ApiOkResponse({ description: '{message}' })
  @ApiAnswer(messageResponseSchema)
  forgot(@Body(new ZodPipe(emailOnlySchema)) body: { email: string }): Promise<MessageResponse> {
    return this.passwords.forgot(body.email);
  }

  @Route(authEndpoints.resetPassword)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Set a new password with the token of the reset link' })
  @ApiOkResponse({ description: '{message}' })
  @ApiBadRequestResponse({ description: 'The link is invalid, used or expired' })
  @ApiAnswer(messageResponseSchema)
  reset(
    @Body(new ZodPipe(resetPasswordSchema)) body: { token: string; new_password: string },
    @ClientAddress() clientAddress: string,
  ): Promise<MessageResponse> {
    return this.passwords.reset(body.token, body.new_password, clientAddress);
  }
}
