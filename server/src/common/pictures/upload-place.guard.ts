import { HttpStatus, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PICTURE_UPLOAD_MESSAGES } from '#contract/messages.js';
import { AccessTokens } from '#server/common/auth/access-tokens.service.js';
import { bearerToken } from '#server/common/auth/jwt-auth.guard.js';
import { ConcurrencyLimiter } from '#server/infra/rate-limit/concurrency-limiter.js';
import { PICTURE_LIMITS, PictureUploadRefused, RETRY_AFTER } from './picture-limits.js';

/**
 * One picture upload in progress per account, settled before anything else the request costs (the
 * account's lookup in the database included, so a flood of uploads is refused at once): the place is
 * keyed by the signed token's subject, taken here, and given back when the answer has gone out (or the
 * connection is gone). A request without a valid token passes on, for the sign-in guard after this one
 * to refuse. Runs before JwtAuthGuard: `@UseGuards(UploadPlaceGuard, JwtAuthGuard)`.
 */
@Injectable()
export class UploadPlaceGuard implements CanActivate {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly places: ConcurrencyLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const token = bearerToken(http.getRequest<FastifyRequest>());
    const claims = token ? await this.tokens.verify(token) : null;
    if (!claims) return true;
    const reply = http.getResponse<FastifyReply>();
    const lease = await this.places.acquire(`picture-upload:user:${claims.sub.toLowerCase()}`, PICTURE_LIMITS.perAccount, PICTURE_LIMITS.leaseSeconds);
    if (!lease) {
      void reply.header('Retry-After', String(RETRY_AFTER.inProgress));
      throw new PictureUploadRefused(HttpStatus.TOO_MANY_REQUESTS, PICTURE_UPLOAD_MESSAGES.inProgress, RETRY_AFTER.inProgress);
    }
    // 'close' comes once the answer is sent, or when the connection goes first.
    reply.raw.once('close', () => void lease.release().catch(() => undefined));
    return true;
  }
}
