import { Body, Controller, HttpCode, HttpStatus, Param, Query, Req, Res } from '@nestjs/common';
import { ApiConsumes, ApiFoundResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Inject } from '@nestjs/common';
import {
  type LinkedAccounts,
  linkedAccountsSchema,
  type OidcLinkStart,
  oidcLinkStartSchema,
  type TokenResponse,
  tokenResponseSchema,
} from '#contract/auth/answers.js';
import { oidcEndpoints } from '#contract/auth/endpoints.js';
import { oidcCallbackQuerySchema, oidcCompleteSchema, oidcStartQuerySchema, returnPathSchema } from '#contract/auth/requests.js';
import { OIDC_TTL, type OidcProvider } from '#contract/auth/constants.js';
import type { Locale } from '#contract/site/constants.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { Authenticated } from '#server/common/auth/auth.decorators.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { ClientAddress } from '#server/common/client-address.decorator.js';
import { cookieValue, RequestLanguage } from '#server/common/http/request-locale.js';
import { Route } from '#server/common/http/route.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { OidcProviders } from './oidc-providers.js';
import { type CallbackOutcome, OidcService, TooManyStarts } from './oidc.service.js';

/** The browser's half of a sign-in under way: its state, HttpOnly, sent back only to these calls. */
const STATE_COOKIE = 'oidc_state';
/** The browser's half of a finished sign-in's one-time code: without it the code signs no one in. */
const HANDOFF_COOKIE = 'oidc_handoff';
const COOKIE_PATH = '/api/v1/auth/oidc';

/** Runs a start the per-address limit counts; its refusal (429) carries the wait in Retry-After. */
async function withRetryAfter<T>(reply: FastifyReply, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (err instanceof TooManyStarts) void reply.header('Retry-After', String(err.retryAfterSeconds));
    throw err;
  }
}

@ApiTags('auth')
@Controller()
export class OidcController {
  constructor(
    private readonly oidc: OidcService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Route(oidcEndpoints.oidcStart)
  @ApiOperation({ summary: "Start a sign-in with an existing account (Google, Apple, Facebook): redirects to the provider's page" })
  @ApiFoundResponse({ description: "Location: the provider's page; sets the HttpOnly state cookie" })
  @ApiResponse({
    status: HttpStatus.SEE_OTHER,
    description: 'Too many sign-ins started from this address this hour: Location /login#oidc_error=tooManyStarts, and Retry-After',
  })
  async start(
    @Param('provider') name: string,
    @Query(new ZodPipe(oidcStartQuerySchema, 'query')) query: { return_to: string },
    @ClientAddress() clientAddress: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const provider = this.oidc.provider(name);
    try {
      await this.oidc.countStart(clientAddress);
    } catch (err) {
      if (!(err instanceof TooManyStarts)) throw err;
      // A start is a link the browser follows: its refusal is said on the sign-in page, not as JSON.
      const refused = `/login#${new URLSearchParams({ oidc_error: 'tooManyStarts' })}`;
      await reply
        .code(HttpStatus.SEE_OTHER)
        .header('location', refused)
        .header('retry-after', String(err.retryAfterSeconds))
        .header('cache-control', 'no-store')
        .send();
      return;
    }
    const { url, state } = await this.oidc.start(provider, query.return_to, null);
    this.setState(reply, provider, state);
    await reply.code(HttpStatus.FOUND).header('location', url).header('cache-control', 'no-store').send();
  }

  @Route(oidcEndpoints.oidcCallback)
  @ApiOperation({ summary: "The provider's return: signs in (redirect to the sign-in page with a one-time code), links, or redirects with the refusal" })
  @ApiResponse({ status: HttpStatus.SEE_OTHER, description: 'Location: /login#oidc_code=…, the return path #oidc_linked=…, or #oidc_error=<reason>' })
  callback(
    @Param('provider') name: string,
    @Query(new ZodPipe(oidcCallbackQuerySchema, 'query')) query: Record<string, string>,
    @Req() request: FastifyRequest,
    @RequestLanguage() locale: Locale,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.returned(name, query, request, locale, reply);
  }

  @Route(oidcEndpoints.oidcCallbackPost)
  @ApiOperation({ summary: "The provider's return as a form post (Apple): as the GET callback" })
  @ApiResponse({ status: HttpStatus.SEE_OTHER, description: 'As the GET callback' })
  @ApiConsumes('application/x-www-form-urlencoded')
  callbackPost(
    @Param('provider') name: string,
    @Body(new ZodPipe(oidcCallbackQuerySchema)) body: Record<string, string>,
    @Req() request: FastifyRequest,
    @RequestLanguage() locale: Locale,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.returned(name, body, request, locale, reply);
  }

  @Route(oidcEndpoints.oidcComplete)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      "Exchange the callback's one-time code (valid for two minutes, once) for the site's bearer token; only with the HttpOnly cookie the callback set in the same browser",
  })
  @ApiOkResponse({ description: '{access_token, token_type}; clears the cookie' })
  @ApiAnswer(tokenResponseSchema)
  async complete(
    @Body(new ZodPipe(oidcCompleteSchema)) body: { code: string },
    @Req() request: FastifyRequest,
    @RequestLanguage() locale: Locale,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TokenResponse> {
    const answer = await this.oidc.complete(body.code, cookieValue(request.headers.cookie, HANDOFF_COOKIE), locale);
    // The code is spent: its browser's half goes.
    void reply.header('set-cookie', `${HANDOFF_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly${this.lax()}`);
    return answer;
  }

  @Route(oidcEndpoints.getLinkedAccounts)
  @Authenticated()
  @ApiOperation({ summary: 'The provider accounts linked to the signed-in account' })
  @ApiOkResponse({ description: '{accounts, password_set}' })
  @ApiAnswer(linkedAccountsSchema)
  linked(@CurrentUser() user: AuthUser): Promise<LinkedAccounts> {
    return this.oidc.linked(user.id);
  }

  @Route(oidcEndpoints.startLink)
  @Authenticated()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Start linking a provider to the signed-in account: answers the provider's address (and sets the state cookie)" })
  @ApiOkResponse({ description: '{authorization_url}' })
  @ApiTooManyRequestsResponse({ description: 'Too many sign-ins started from this address this hour; see Retry-After' })
  @ApiAnswer(oidcLinkStartSchema)
  async startLink(
    @Param('provider') name: string,
    @Query(new ZodPipe(oidcStartQuerySchema, 'query')) query: { return_to: string },
    @CurrentUser() user: AuthUser,
    @ClientAddress() clientAddress: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OidcLinkStart> {
    const provider = this.oidc.provider(name);
    await withRetryAfter(reply, () => this.oidc.countStart(clientAddress));
    const returnTo = returnPathSchema.safeParse(query.return_to).success ? query.return_to : '/';
    const { url, state } = await this.oidc.start(provider, returnTo, user.id);
    this.setState(reply, provider, state);
    return { authorization_url: url };
  }

  @Route(oidcEndpoints.unlink)
  @Authenticated()
  @ApiOperation({ summary: 'Unlink a provider (refused for the last one of an account without a password)' })
  @ApiOkResponse({ description: '{accounts, password_set} after the unlink' })
  @ApiAnswer(linkedAccountsSchema)
  unlink(@Param('provider') name: string, @CurrentUser() user: AuthUser): Promise<LinkedAccounts> {
    return this.oidc.unlink(user.id, this.oidc.provider(name));
  }

  private async returned(name: string, answer: Record<string, string>, request: FastifyRequest, locale: Locale, reply: FastifyReply): Promise<void> {
    const provider = this.oidc.provider(name);
    const outcome = await this.oidc.callback(provider, answer, cookieValue(request.headers.cookie, STATE_COOKIE), locale);
    // The state is spent whatever happened: the cookie goes.
    reply.header('set-cookie', `${STATE_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly${this.sameSite(provider)}`);
    // The code goes in the address; its other half stays in this browser, for the sign-in page's same-site exchange.
    if (outcome.kind === 'signedIn') {
      reply.header('set-cookie', `${HANDOFF_COOKIE}=${outcome.browserSecret}; Path=${COOKIE_PATH}; Max-Age=${OIDC_TTL.handoffSeconds}; HttpOnly${this.lax()}`);
    }
    // 303: a form post's answer is fetched with GET.
    await reply.code(HttpStatus.SEE_OTHER).header('location', destination(outcome)).header('cache-control', 'no-store').send();
  }

  private setState(reply: FastifyReply, provider: OidcProvider, state: string): void {
    reply.header('set-cookie', `${STATE_COOKIE}=${state}; Path=${COOKIE_PATH}; Max-Age=${OIDC_TTL.signInMinutes * 60}; HttpOnly${this.sameSite(provider)}`);
  }

  /**
   * Lax keeps the cookie off other sites' requests but sends it with the provider's redirect back. A
   * provider that answers by a cross-site form post needs None, which browsers take only with Secure (https).
   */
  private sameSite(provider: OidcProvider): string {
    const https = this.config.publicUrl.startsWith('https:');
    if (OidcProviders.answersByFormPost(provider) && https) return '; SameSite=None; Secure';
    return this.lax();
  }

  /** The cookie only this site's own requests carry (Secure on https). */
  private lax(): string {
    return `; SameSite=Lax${this.config.publicUrl.startsWith('https:') ? '; Secure' : ''}`;
  }
}

/** The page the callback sends the browser to; the one-time code travels in the fragment, which no server sees. */
function destination(outcome: CallbackOutcome): string {
  switch (outcome.kind) {
    case 'signedIn':
      return `/login#${new URLSearchParams({ oidc_code: outcome.code, return_to: outcome.returnTo })}`;
    case 'linked':
      return `${outcome.returnTo}#${new URLSearchParams({ oidc_linked: outcome.provider })}`;
    case 'refused':
      return `${outcome.link ? outcome.returnTo : '/login'}#${new URLSearchParams({ oidc_error: outcome.refusal })}`;
  }
}
