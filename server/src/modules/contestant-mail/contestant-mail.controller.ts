import { Body, Controller, HttpCode, HttpStatus, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MAIL_MESSAGES } from '#contract/mail/messages.js';
import { mailPreferencesSchema, unsubscribeTokenSchema } from '#contract/mail/requests.js';
import type { MailPreferences } from '#contract/mail/constants.js';
import { mailPreferencesAnswerSchema, type UnsubscribeAnswer, unsubscribeAnswerSchema } from '#contract/mail/answers.js';
import { Authenticated } from '#server/common/auth/auth.decorators.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { detailError } from '#server/common/errors.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { ContestantMail } from './contestant-mail.service.js';
import { ApiAnswer, ApiQueryParam } from '#server/common/api-docs.js';
import { mailEndpoints } from '#contract/mail/endpoints.js';
import { Route } from '#server/common/http/route.js';

/** A link's token, or the same answer as for an unknown one. */
const token = (value: unknown): string => {
  const parsed = unsubscribeTokenSchema.safeParse(value);
  if (!parsed.success) throw detailError(HttpStatus.NOT_FOUND, MAIL_MESSAGES.invalidLink);
  return parsed.data;
};

@ApiTags('mail')
@Controller()
export class ContestantMailController {
  constructor(private readonly mail: ContestantMail) {}

  @Route(mailEndpoints.getMailPreferences)
  @Authenticated()
  @ApiOperation({ summary: 'Which contestant e-mails the signed-in user gets' })
  @ApiOkResponse({ description: '{round_results, below_cut, winner, daily_digest}' })
  @ApiAnswer(mailPreferencesAnswerSchema)
  preferences(@CurrentUser() user: AuthUser): Promise<MailPreferences> {
    return this.mail.preferences(user.id);
  }

  @Route(mailEndpoints.updateMailPreferences)
  @Authenticated()
  @ApiOperation({ summary: 'Turns kinds of contestant e-mail on or off; kinds not sent stay as they are' })
  @ApiOkResponse({ description: 'All the preferences, as saved' })
  @ApiAnswer(mailPreferencesAnswerSchema)
  savePreferences(@CurrentUser() user: AuthUser, @Body(new ZodPipe(mailPreferencesSchema)) body: Partial<MailPreferences>): Promise<MailPreferences> {
    return this.mail.savePreferences(user.id, body);
  }

  @Route(mailEndpoints.describeUnsubscribe)
  @ApiOperation({ summary: "What an e-mail's unsubscribe link turns off (no sign-in: the token is the key); changes nothing" })
  @ApiOkResponse({ description: '{kind, unsubscribed, detail}' })
  @ApiNotFoundResponse({ description: 'An unknown or expired link' })
  @ApiQueryParam('token', unsubscribeTokenSchema)
  @ApiAnswer(unsubscribeAnswerSchema)
  describe(@Query('token') value: unknown): Promise<UnsubscribeAnswer> {
    return this.mail.describe(token(value));
  }

  @Route(mailEndpoints.unsubscribe)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "Stops the link's kind of e-mail (no sign-in). Also the one-click target of the List-Unsubscribe header (body List-Unsubscribe=One-Click)",
  })
  @ApiOkResponse({ description: '{kind, unsubscribed: true, detail}' })
  @ApiNotFoundResponse({ description: 'An unknown or expired link' })
  @ApiQueryParam('token', unsubscribeTokenSchema)
  @ApiAnswer(unsubscribeAnswerSchema)
  unsubscribe(@Query('token') value: unknown): Promise<UnsubscribeAnswer> {
    return this.mail.unsubscribe(token(value));
  }

  @Route(mailEndpoints.resubscribe)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Undoes an unsubscribe from the same link (no sign-in): the link's kind of e-mail again" })
  @ApiOkResponse({ description: '{kind, unsubscribed: false, detail}' })
  @ApiNotFoundResponse({ description: 'An unknown or expired link' })
  @ApiQueryParam('token', unsubscribeTokenSchema)
  @ApiAnswer(unsubscribeAnswerSchema)
  resubscribe(@Query('token') value: unknown): Promise<UnsubscribeAnswer> {
    return this.mail.unsubscribe(token(value), true);
  }
}
