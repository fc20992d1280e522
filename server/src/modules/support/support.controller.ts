import { Body, Controller, HttpCode, HttpStatus, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type SupportContactResponse, supportContactResponseSchema } from '#contract/support/answers.js';
import { type SupportContact, supportContactSchema } from '#contract/support/requests.js';
import { OptionalAuthentication } from '#server/common/auth/auth.decorators.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { ClientAddress } from '#server/common/client-address.decorator.js';
import { RequestLanguage } from '#server/common/http/request-locale.js';
import type { Locale } from '#contract/site/constants.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { SupportService, TooManySupportMessages } from './support.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { supportEndpoints } from '#contract/support/endpoints.js';
import { Route } from '#server/common/http/route.js';

@ApiTags('support')
@Controller()
export class SupportController {
  constructor(private readonly support: SupportService) {}

  @Route(supportEndpoints.sendSupportMessage)
  @OptionalAuthentication()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Send a message to staff: stored for the admin inbox, e-mailed to staff with Reply-To the sender, acknowledged to the sender',
    description: 'A signed-in sender is linked to the message. At most 5 messages an hour per client address and per mailbox.',
  })
  @ApiOkResponse({ description: "{message: 'Your message has been sent successfully!'}" })
  @ApiUnprocessableEntityResponse({ description: 'The form texts per field' })
  @ApiTooManyRequestsResponse({ description: 'Too many messages this hour from this address or to this mailbox; see Retry-After' })
  @ApiServiceUnavailableResponse({ description: 'The message could not be queued; nothing was kept, try again' })
  @ApiAnswer(supportContactResponseSchema)
  async contact(
    @Body(new ZodPipe(supportContactSchema)) body: SupportContact,
    @ClientAddress() address: string,
    @CurrentUser() user: AuthUser | null,
    @RequestLanguage() locale: Locale,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SupportContactResponse> {
    try {
      return await this.support.contact(body, { address, locale, user: user && { id: user.id, username: user.username } });
    } catch (err) {
      if (err instanceof TooManySupportMessages) void reply.header('Retry-After', String(err.retryAfterSeconds));
      throw err;
    }
  }
}
