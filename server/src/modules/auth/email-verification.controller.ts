import { Body, Controller, HttpCode, HttpStatus, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type MessageResponse, messageResponseSchema } from '#contract/common/answers.js';
import { emailOnlySchema, tokenSchema } from '#contract/auth/requests.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { EmailVerificationService } from './email-verification.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { authEndpoints } from '#contract/auth/endpoints.js';
import { Route } from '#server/common/http/route.js';

@ApiTags('auth')
@Controller()
export class EmailVerificationController {
  constructor(private readonly verification: EmailVerificationService) {}

  @Route(authEndpoints.verifyEmailByPost)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Verify an e-mail address with the token of the link' })
  @ApiOkResponse({ description: '{message: "Email verified successfully!"}' })
  @ApiBadRequestResponse({ description: 'The link is invalid, used or expired' })
  @ApiAnswer(messageResponseSchema)
  verifyPost(@Body(new ZodPipe(tokenSchema)) body: { token: string }): Promise<MessageResponse> {
    return this.verification.verify(body.token);
  }

  @Route(authEndpoints.verifyEmail)
  @ApiOperation({ summary: 'Verify an e-mail address (token in the query string)' })
  @ApiOkResponse({ description: '{message: "Email verified successfully!"}' })
  @ApiBadRequestResponse({ description: 'The link is invalid, used or expired' })
  @ApiAnswer(messageResponseSchema)
  verifyGet(@Query(new ZodPipe(tokenSchema, 'query')) query: { token: string }): Promise<MessageResponse> {
    return this.verification.verify(query.token);
  }

  @Route(authEndpoints.resendVerificationEmail)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Send the verification e-mail again (the same answer for any address)' })
  @ApiOkResponse({ description: '{message}' })
  @ApiAnswer(messageResponseSchema)
  resend(@Body(new ZodPipe(emailOnlySchema)) body: { email: string }): Promise<MessageResponse> {
    return this.verification.resend(body.email);
  }

  /** The registration-success page's call; the same as the resend. */
  @Route(authEndpoints.requestEmailVerification)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Ask for a verification e-mail (the same answer for any address)' })
  @ApiOkResponse({ description: '{message}' })
  @ApiAnswer(messageResponseSchema)
  request(@Body(new ZodPipe(emailOnlySchema)) body: { email: string }): Promise<MessageResponse> {
    return this.verification.resend(body.email);
  }
}
