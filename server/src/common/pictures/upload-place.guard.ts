import { HttpStatus, Injectable, type CallHandler, type CanActivate, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { finalize, type Observable } from 'rxjs';
import { PICTURE_UPLOAD_MESSAGES } from '#contract/profiles/messages.js';
import { AccessTokens } from '#server/common/auth/access-tokens.service.js';
import { bearerToken } from '#server/common/auth/jwt-auth.guard.js';
import { ConcurrencyLimiter, type Lease } from '#server/infra/rate-limit/concurrency-limiter.js';
import { PICTURE_LIMITS, PictureUploadRefused, RETRY_AFTER } from './picture-limits.js';

/**
 * A request's hold on its account's upload place. The place goes back when the handler's work ends
 * (a client that hangs up does not end the decoding it started), or with the connection when no
 * handler took it (a refused sign-in); once either way.
 */
class UploadPlace {
  private held = false;
  private released = false;

  constructor(private readonly lease: Lease) {}

  hold(): void {
    this.held = true;
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    void this.lease.release().catch(() => undefined);
  }

  connectionClosed(): void {
    if (!this.held) this.release();
  }
}

const places = new WeakMap<FastifyRequest, UploadPlace>();

/**
 * One picture upload in progress per account, settled before anything else the request costs (the
 * account's lookup in the database included, so a flood of uploads is refused at once): the place is
 * keyed by the signed token's subject and taken here. A request without a valid token passes on, for
 * the sign-in guard after this one to refuse. Used with UploadPlaceInterceptor, which gives the place
 * back when the upload's work is over: `@UseGuards(UploadPlaceGuard, JwtAuthGuard)` and
 * `@UseInterceptors(UploadPlaceInterceptor)`.
 */
@Injectable()
export class UploadPlaceGuard implements CanActivate {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly limiter: ConcurrencyLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const token = bearerToken(request);
    const claims = token ? await this.tokens.verify(token) : null;
    if (!claims) return true;
    const reply = http.getResponse<FastifyReply>();
    const lease = await this.limiter.acquire(`picture-upload:user:${claims.sub.toLowerCase()}`, PICTURE_LIMITS.perAccount, PICTURE_LIMITS.leaseSeconds);
    if (!lease) {
      void reply.header('Retry-After', String(RETRY_AFTER.inProgress));
      throw new PictureUploadRefused(HttpStatus.TOO_MANY_REQUESTS, PICTURE_UPLOAD_MESSAGES.inProgress, RETRY_AFTER.inProgress);
    }
    const place = new UploadPlace(lease);
    places.set(request, place);
    // 'close' comes once the answer is sent, or when the connection goes first.
    reply.raw.once('close', () => place.connectionClosed());
    return true;
  }
}

/** Keeps the place UploadPlaceGuard took for as long as the handler works, then gives it back. */
@Injectable()
export class UploadPlaceInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const place = places.get(context.switchToHttp().getRequest<FastifyRequest>());
    if (!place) return next.handle();
    place.hold();
    return next.handle().pipe(finalize(() => place.release()));
  }
}
