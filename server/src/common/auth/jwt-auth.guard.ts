import { HttpException, HttpStatus, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_GUARD_MESSAGES } from '#contract/auth/messages.js';
import { AccessTokens } from './access-tokens.service.js';
import { AuthUserLookup, type AuthUser } from './auth-user-lookup.js';
import './current-user.decorator.js';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/** Reads the Bearer token and loads its user by username, so a deleted user loses access at once. */
abstract class TokenUserResolver {
  constructor(
    protected readonly tokens: AccessTokens,
    protected readonly users: AuthUserLookup,
  ) {}

  protected async resolve(request: FastifyRequest): Promise<AuthUser | null> {
    const token = bearerToken(request);
    if (!token) return null;
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const user = await this.users.findByUsername(claims.sub);
    return user && claims.pwv === this.tokens.passwordVersion(user) ? user : null;
  }
}

/** Requires a valid login token: 401 {"detail": "Not authenticated"} otherwise (any 401 signs the client out). */
@Injectable()
export class JwtAuthGuard extends TokenUserResolver implements CanActivate {
  constructor(tokens: AccessTokens, users: AuthUserLookup) {
    super(tokens, users);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const user = await this.resolve(request);
    if (!user) {
      void http.getResponse<FastifyReply>().header('WWW-Authenticate', 'Bearer');
      throw new HttpException({ detail: AUTH_GUARD_MESSAGES.notAuthenticated }, HttpStatus.UNAUTHORIZED);
    }
    request.user = user;
    return true;
  }
}

/** Attaches the user when a valid token comes along; visitors (and bad tokens) pass as anonymous. */
@Injectable()
export class OptionalAuthGuard extends TokenUserResolver implements CanActivate {
  constructor(tokens: AccessTokens, users: AuthUserLookup) {
    super(tokens, users);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    request.user = await this.resolve(request).catch(() => null);
    return true;
  }
}
