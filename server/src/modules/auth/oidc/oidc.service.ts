import { HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { OIDC_TTL, type OidcProvider } from '#contract/auth/constants.js';
import type { LinkedAccounts, TokenResponse } from '#contract/auth/answers.js';
import { OIDC_MESSAGES } from '#contract/auth/messages.js';
import type { Locale } from '#contract/site/constants.js';
import { AccessTokens } from '#server/common/auth/access-tokens.service.js';
import { detailError } from '#server/common/errors.js';
import { throttleKey } from '#server/common/throttle-keys.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { RateLimiter } from '#server/infra/rate-limit/rate-limiter.js';
import type { UserEntity } from '#server/modules/users/entities/user.entity.js';
import { UsersService } from '#server/modules/users/users.service.js';
import { AuthTokensRepository } from '../auth-tokens.repository.js';
import { hashToken } from '../email-tokens.service.js';
import { hashPassword } from '../password.js';
import { OidcProviders, type ProviderIdentity } from './oidc-providers.js';
import { UserIdentitiesRepository, type PendingSignIn } from './user-identities.repository.js';

/** Why a provider's sign-in or link was not done: a key of OIDC_MESSAGES the page says. */
export type OidcRefusal =
  'stateRefused' | 'providerRefused' | 'emailUnverified' | 'accountExists' | 'staffUsePassword' | 'linkEmailMismatch' | 'linkedElsewhere' | 'alreadyLinked';

/**
 * Where the callback sends the browser: the sign-in page with a one-time code (and, in an HttpOnly
 * cookie, the browser's half that the code is bound to), or a page with the outcome.
 */
export type CallbackOutcome =
  | { kind: 'signedIn'; code: string; browserSecret: string; returnTo: string }
  | { kind: 'linked'; provider: OidcProvider; returnTo: string }
  | { kind: 'refused'; refusal: OidcRefusal; link: boolean; returnTo: string };

class Refused extends Error {
  constructor(readonly refusal: OidcRefusal) {
    super(refusal);
  }
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const HOUR_SECONDS = 3600;

/** 429 with the seconds to wait; the controller copies them into Retry-After. */
export class TooManyStarts extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super({ detail: OIDC_MESSAGES.tooManyStarts }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * What is stored for a sign-in's one-time code: the hash of the code together with the secret of the
 * browser that started the sign-in (its `oidc_handoff` cookie). Only both name the row, so a code
 * taken to another browser finds nothing, and the right browser's code is not spent by the attempt.
 */
const handoffHash = (code: string, browserSecret: string) => hashToken(`${code}.${browserSecret}`);

/**
 * Sign-in with an existing account (decision 059): the start keeps state, nonce and PKCE verifier
 * server-side (by the state's SHA-256; the browser holds the state in an HttpOnly cookie), the callback
 * claims them once, has the provider's code exchanged and its id token validated, then signs in the
 * linked account, makes a fan's account, or links the provider to the signed-in account that started it.
 * Nothing is ever merged silently: an account found only by e-mail is never signed into.
 */
@Injectable()
export class OidcService {
  private readonly logger = new Logger('OidcSignIn');

  constructor(
    private readonly providers: OidcProviders,
    private readonly identities: UserIdentitiesRepository,
    private readonly users: UsersService,
    private readonly authTokens: AuthTokensRepository,
    private readonly tokens: AccessTokens,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** 404 for a provider the site does not offer (unknown, or without keys). */
  provider(name: string): OidcProvider {
    if (!this.providers.isOffered(name)) throw detailError(HttpStatus.NOT_FOUND, OIDC_MESSAGES.unknownProvider);
    return name;
  }

  /**
   * At most OIDC_STARTS_PER_HOUR sign-in and link starts an hour from one client address (each keeps a
   * row and may reach the provider); refused ones count too.
   */
  async countStart(clientAddress: string): Promise<void> {
    const { hits, retryAfter } = await this.limiter.hit(throttleKey(this.config.JWT_SECRET!, 'oidc-start-addr', clientAddress), HOUR_SECONDS);
    if (hits > this.config.OIDC_STARTS_PER_HOUR) throw new TooManyStarts(Math.max(1, retryAfter));
  }

  /** A sign-in's (or, with `linkUserId`, a link's) start: the provider's address and the state the browser keeps. */
  async start(provider: OidcProvider, returnTo: string, linkUserId: number | null): Promise<{ url: string; state: string }> {
    const secrets = OidcProviders.secrets();
    let url: string;
    try {
      url = await this.providers.authorizationUrl(provider, secrets);
    } catch (err) {
      this.logger.error(`The ${provider} discovery failed: ${(err as Error).message}`);
      throw detailError(HttpStatus.SERVICE_UNAVAILABLE, OIDC_MESSAGES.providerRefused);
    }
    await this.identities.startSignIn({
      stateHash: hashToken(secrets.state),
      provider,
      nonce: secrets.nonce,
      codeVerifier: secrets.codeVerifier,
      returnTo,
      linkUserId,
      expiresAt: new Date(Date.now() + OIDC_TTL.signInMinutes * 60_000),
    });
    return { url, state: secrets.state };
  }

  /**
   * The provider's return. The state must be the one this browser's cookie holds and an unused, unexpired
   * start's; the code is exchanged once (the provider refuses it again, and the state is used up anyway).
   */
  async callback(provider: OidcProvider, query: Record<string, string>, cookieState: string | null, locale: Locale): Promise<CallbackOutcome> {
    const state = query.state;
    if (!state || !cookieState || !sameSecret(state, cookieState)) return { kind: 'refused', refusal: 'stateRefused', link: false, returnTo: '/' };
    const pending = await this.identities.claimSignIn(hashToken(state), provider);
    if (!pending) return { kind: 'refused', refusal: 'stateRefused', link: false, returnTo: '/' };
    const link = pending.linkUserId !== null;
    const refused = (refusal: OidcRefusal): CallbackOutcome => ({ kind: 'refused', refusal, link, returnTo: pending.returnTo });
    if (query.error || !query.code) return refused('providerRefused');

    let person: ProviderIdentity;
    try {
      person = await this.providers.exchange(provider, query, { state, nonce: pending.nonce, codeVerifier: pending.codeVerifier });
    } catch (err) {
      this.logger.warn(`A ${provider} sign-in was refused: ${(err as Error).message}`);
      return refused('providerRefused');
    }
    try {
      if (link) {
        await this.link(pending, person);
        return { kind: 'linked', provider, returnTo: pending.returnTo };
      }
      const user = await this.signIn(provider, person, locale, await this.unusablePasswordFor(provider, person));
      return { kind: 'signedIn', ...(await this.issueHandoff(user.id)), returnTo: pending.returnTo };
    } catch (err) {
      if (err instanceof Refused) return refused(err.refusal);
      throw err;
    }
  }

  /** The one-time code the sign-in page exchanges, and the secret of the browser it is bound to. */
  private async issueHandoff(userId: number): Promise<{ code: string; browserSecret: string }> {
    const code = randomBytes(32).toString('base64url');
    const browserSecret = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + OIDC_TTL.handoffSeconds * 1000);
    await this.authTokens.insert({ userId, purpose: 'oidc_sign_in', tokenHash: handoffHash(code, browserSecret), expiresAt });
    return { code, browserSecret };
  }

  /**
   * POST /auth/oidc/complete: the callback's one-time code for the site's usual token (as a password
   * sign-in issues it), only from the browser the callback gave the code's secret to.
   */
  async complete(code: string, browserSecret: string | null, locale: Locale): Promise<TokenResponse> {
    // Another browser's request (no secret, or another's) names no code: refused as an expired one.
    if (!browserSecret) throw detailError(HttpStatus.BAD_REQUEST, OIDC_MESSAGES.handoffExpired);
    const claimed = await this.authTokens.claim('oidc_sign_in', handoffHash(code, browserSecret));
    const user = claimed.ok ? await this.users.findById(claimed.userId) : null;
    // An account erased (or otherwise unverified) since the callback is not entered.
    if (!user?.isVerified) throw detailError(HttpStatus.BAD_REQUEST, OIDC_MESSAGES.handoffExpired);
    await this.users.recordSignIn(user.id, locale);
    return { access_token: await this.tokens.sign(user, false), token_type: 'bearer' };
  }

  async linked(userId: number): Promise<LinkedAccounts> {
    const user = await this.users.findById(userId);
    const rows = await this.identities.ofUser(userId);
    return {
      accounts: rows.map((r) => ({ provider: r.provider, email: r.email, linked_at: r.createdAt.toISOString() })),
      password_set: user?.passwordSet ?? false,
    };
  }

  /** Unlinks a provider, unless it is the last way into an account without a password of its own. */
  @Transactional()
  async unlink(userId: number, provider: OidcProvider): Promise<LinkedAccounts> {
    const user = await this.users.findById(userId);
    const rows = await this.identities.ofUser(userId);
    if (!rows.some((r) => r.provider === provider)) throw detailError(HttpStatus.NOT_FOUND, OIDC_MESSAGES.notLinked);
    if (!user?.passwordSet && rows.length <= 1) throw detailError(HttpStatus.CONFLICT, OIDC_MESSAGES.unlinkNeedsPassword);
    await this.identities.remove(userId, provider);
    return this.linked(userId);
  }

  /**
   * The account of a provider's sign-in: the one linked to that provider account; else, for a verified
   * e-mail no account holds, a new fan's account. An account that holds the e-mail but no link is never
   * signed into (its owner signs in with the password and links), nor is a staff account (password and
   * second factor).
   */
  @Transactional()
  private async signIn(provider: OidcProvider, person: ProviderIdentity, locale: Locale, passwordHash: string | null): Promise<UserEntity> {
    const linked = await this.identities.find(provider, person.subject);
    if (linked) {
      const user = await this.users.findById(linked.userId);
      // A provider enters only a verified account: never an erased one (its e-mail is no one's).
      if (!user?.isVerified) throw new Refused('providerRefused');
      if (user.staffRole !== null || user.isSuperuser) throw new Refused('staffUsePassword');
      return user;
    }
    // An unverified e-mail neither matches an account nor makes one.
    if (!person.emailVerified || !person.email) throw new Refused('emailUnverified');
    if (await this.users.findByEmail(person.email)) throw new Refused('accountExists');
    // Linked (or the e-mail held) when looked up before the transaction, no longer (an unlink or an erasure meanwhile): tried again, it makes the account.
    if (!passwordHash) throw new Refused('providerRefused');
    const fan = await this.users.createFan({ username: `fan_${randomBytes(6).toString('hex')}`, email: person.email, passwordHash, locale });
    // The e-mail was taken meanwhile (a registration or another sign-in).
    if (!fan) throw new Refused('accountExists');
    if (!(await this.identities.insert({ provider, subject: person.subject, userId: fan.id, email: person.email }))) throw new Refused('linkedElsewhere');
    return fan;
  }

  /**
   * The hash of a random secret nobody knows, for a fan's account a sign-in may make: hashed before the
   * transaction (argon2 takes tens of milliseconds and must not hold its connection and locks), and only
   * when an account may be made: the e-mail verified, and neither the provider account linked nor the
   * e-mail held by an account.
   */
  private async unusablePasswordFor(provider: OidcProvider, person: ProviderIdentity): Promise<string | null> {
    if (!person.emailVerified || !person.email) return null;
    if ((await this.identities.find(provider, person.subject)) || (await this.users.findByEmail(person.email))) return null;
    return hashPassword(randomBytes(32).toString('base64url'));
  }

  /** Links the provider account to the account that started the link, only when the provider's verified e-mail is that account's. */
  @Transactional()
  private async link(pending: PendingSignIn, person: ProviderIdentity): Promise<void> {
    const user = await this.users.findById(pending.linkUserId!);
    if (!user) throw new Refused('providerRefused');
    if (!person.emailVerified || !person.email) throw new Refused('emailUnverified');
    if (!sameEmail(person.email, user.email)) throw new Refused('linkEmailMismatch');
    const owner = await this.identities.find(pending.provider, person.subject);
    if (owner) throw new Refused(owner.userId === user.id ? 'alreadyLinked' : 'linkedElsewhere');
    if (!(await this.identities.insert({ provider: pending.provider, subject: person.subject, userId: user.id, email: person.email }))) {
      throw new Refused('alreadyLinked');
    }
  }
}

/** Compares two secrets in constant time. */
function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
