import { Body, Controller, Headers, HttpCode, HttpStatus, Param, Req, Res, type RawBodyRequest } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type BuyVotesRequest,
  buyVotesSchema,
  type InitiatePaymentRequest,
  initiatePaymentSchema,
  type PaypalCaptureRequest,
  paypalCaptureSchema,
  type StripeCaptureRequest,
  stripeCaptureSchema,
} from '#contract/payments/requests.js';
import {
  type BuyVotesResponse,
  buyVotesResponseSchema,
  type CaptureResponse,
  captureResponseSchema,
  CHECKOUT_EXAMPLE,
  type TestPayResponse,
  testPayResponseSchema,
  webhookReceivedSchema,
} from '#contract/payments/answers.js';
import { OptionalAuthentication } from '#server/common/auth/auth.decorators.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { ClientAddress } from '#server/common/client-address.decorator.js';
import { RequestLanguage } from '#server/common/http/request-locale.js';
import type { Locale } from '#contract/site/constants.js';
import { UsernameParam } from '#server/common/username-param.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import type { UserEntity } from '#server/modules/users/entities/user.entity.js';
import { TooManyPayments } from './payment-limits.js';
import { PaymentsService } from './payments.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { paymentsEndpoints } from '#contract/payments/endpoints.js';
import { Route } from '#server/common/http/route.js';

/** The call's answer; a 429 (too many payments) carries its Retry-After. */
async function withRetryAfter<T>(reply: FastifyReply, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof TooManyPayments) void reply.header('Retry-After', String(err.retryAfterSeconds));
    throw err;
  }
}

const TOO_MANY = 'Too many payments this hour from this address or for this payer e-mail; see Retry-After';

@ApiTags('payments')
@Controller()
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Route(paymentsEndpoints.buyVotes)
  @OptionalAuthentication()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Start buying a vote package: the server prices it and answers where to pay',
    // Written here rather than as a documented 403: the admin matrix test reads "token + 403" as staff-only.
    description:
      "403 'Competitors are not permitted to cast paid votes.' for a signed-in competitor, and for a payer e-mail that is the contestant's own; visitors and other users may buy.",
  })
  @ApiOkResponse({ description: '{payment_url}' })
  @ApiBadRequestResponse({ description: 'Price changed, return URL not on this site, contestant not open for votes' })
  @ApiNotFoundResponse({ description: 'Profile not found' })
  @ApiTooManyRequestsResponse({ description: TOO_MANY })
  @ApiAnswer(buyVotesResponseSchema, { example: CHECKOUT_EXAMPLE })
  buyVotes(
    @UsernameParam() username: string,
    @Body(new ZodPipe(buyVotesSchema)) body: BuyVotesRequest,
    @CurrentUser() user: UserEntity | null,
    @ClientAddress() address: string,
    @RequestLanguage() locale: Locale,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BuyVotesResponse> {
    return withRetryAfter(reply, this.payments.buyVotes(username, body, user, address, locale));
  }

  @Route(paymentsEndpoints.initiatePayment)
  @OptionalAuthentication()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "The vote page's paid vote: a package at its price, or one vote per whole dollar; answers where to pay",
    description: "403 'Competitors are not permitted to cast paid votes.' for a signed-in competitor, and for a payer e-mail that is the contestant's own.",
  })
  @ApiOkResponse({ description: '{payment_url}' })
  @ApiBadRequestResponse({ description: 'Votes not matching the amount, return URL not on this site, contestant not open for votes' })
  @ApiNotFoundResponse({ description: 'Contestant not found' })
  @ApiTooManyRequestsResponse({ description: TOO_MANY })
  @ApiAnswer(buyVotesResponseSchema, { example: CHECKOUT_EXAMPLE })
  initiatePayment(
    @Body(new ZodPipe(initiatePaymentSchema)) body: InitiatePaymentRequest,
    @CurrentUser() user: UserEntity | null,
    @ClientAddress() address: string,
    @RequestLanguage() locale: Locale,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BuyVotesResponse> {
    return withRetryAfter(reply, this.payments.initiate(body, user, address, locale));
  }

  @Route(paymentsEndpoints.payTestPayment)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "TEST MODE checkout's Pay button: the payment is paid and its votes are credited once" })
  @ApiOkResponse({ description: '{redirect_url}' })
  @ApiNotFoundResponse({ description: 'Payment not found' })
  @ApiConflictResponse({ description: 'The checkout expired, or its contestant was eliminated or its contest ended since: nothing is charged' })
  @ApiTooManyRequestsResponse({ description: TOO_MANY })
  @ApiAnswer(testPayResponseSchema)
  pay(
    @Param('paymentId', new ZodPipe(z.uuid(), 'path')) paymentId: string,
    @ClientAddress() address: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TestPayResponse> {
    return withRetryAfter(reply, this.payments.testPay(paymentId, address));
  }

  @Route(paymentsEndpoints.captureStripe)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "After Stripe's checkout (?session_id=…): the session is read at Stripe and, when paid, its votes credited once" })
  @ApiOkResponse({ description: '{payment_id, status, votes, username, message}' })
  @ApiBadRequestResponse({ description: 'Not paid, or amount/currency not matching' })
  @ApiNotFoundResponse({ description: 'No payment with this session' })
  @ApiConflictResponse({ description: 'Refunded, or paid for a contestant eliminated (or a contest ended) since: no votes, the money goes back' })
  @ApiAnswer(captureResponseSchema)
  captureStripe(@Body(new ZodPipe(stripeCaptureSchema)) body: StripeCaptureRequest): Promise<CaptureResponse> {
    return this.payments.capture('stripe', body.session_id);
  }

  @Route(paymentsEndpoints.capturePaypal)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "After PayPal's approval (?token=…): the order is captured at PayPal and, when completed, its votes credited once" })
  @ApiOkResponse({ description: '{payment_id, status, votes, username, message}' })
  @ApiBadRequestResponse({ description: 'Order not approved, or amount/currency not matching' })
  @ApiNotFoundResponse({ description: 'No payment with this order' })
  @ApiConflictResponse({ description: 'Refunded, or its contestant eliminated (or contest ended) since: not captured, nothing charged' })
  @ApiAnswer(captureResponseSchema)
  capturePaypal(@Body(new ZodPipe(paypalCaptureSchema)) body: PaypalCaptureRequest): Promise<CaptureResponse> {
    return this.payments.capture('paypal', body.order_id);
  }

  @Route(paymentsEndpoints.stripeWebhook)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Stripe's events (signed with STRIPE_WEBHOOK_SECRET): completed checkouts, refunds, disputes" })
  @ApiOkResponse({ description: 'The event is taken' })
  @ApiBadRequestResponse({ description: 'Bad signature' })
  @ApiAnswer(webhookReceivedSchema)
  stripeWebhook(@Req() req: RawBodyRequest<FastifyRequest>, @Headers() headers: Record<string, string | string[] | undefined>): Promise<{ received: true }> {
    return this.payments.webhook('stripe', req.rawBody, headers);
  }

  @Route(paymentsEndpoints.paypalWebhook)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "PayPal's events (verified with PayPal for PAYPAL_WEBHOOK_ID): completed captures, refunds, reversals" })
  @ApiOkResponse({ description: 'The event is taken' })
  @ApiBadRequestResponse({ description: 'Event not verified' })
  @ApiAnswer(webhookReceivedSchema)
  paypalWebhook(@Req() req: RawBodyRequest<FastifyRequest>, @Headers() headers: Record<string, string | string[] | undefined>): Promise<{ received: true }> {
    return this.payments.webhook('paypal', req.rawBody, headers);
  }
}
