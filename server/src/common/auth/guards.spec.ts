import { describe, expect, it } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { AppConfig } from '#server/config/config.js';
import { AccessTokens } from './access-tokens.service.js';
import { AuthUserLookup, type AuthUser } from './auth-user-lookup.js';
import { JwtAuthGuard, OptionalAuthGuard } from './jwt-auth.guard.js';
import { AUTH_GUARD_MESSAGES } from '#contract/auth/messages.js';
import type { StaffPermission, StaffRole } from '#contract/auth/roles.js';
import { STAFF_MESSAGES } from '#contract/staff/messages.js';
import { markEndpoint } from '#server/common/http/route-endpoint.js';
import { StaffGuard } from './staff.guard.js';
import type { Endpoint } from '#contract/api/endpoint.js';
import { jobsEndpoints } from '#contract/jobs/endpoints.js';
import { twoFactorEndpoints } from '#contract/twofactor/endpoints.js';
import { TWO_FACTOR_MESSAGES } from '#contract/twofactor/messages.js';

const SECRET = 's'.repeat(40);
const config = { JWT_SECRET: SECRET, ACCESS_TOKEN_TTL: '1h', REMEMBER_ME_TOKEN_TTL: '30d' } as AppConfig;
const jwt = new JwtService({ secret: SECRET, signOptions: { algorithm: 'HS256' }, verifyOptions: { algorithms: ['HS256'] } });
const tokens = new AccessTokens(jwt, config);

const alice: AuthUser = {
  id: 1,
  username: 'Alice',
  email: 'alice@example.com',
  passwordHash: '$argon2id$stub',
  isSuperuser: false,
  staffRole: null,
  isVerified: true,
  twoFactorEnabledAt: null,
};
const root: AuthUser = { ...alice, id: 2, username: 'root', isSuperuser: true, staffRole: 'owner' };

class Users extends AuthUserLookup {
  constructor(private readonly list: AuthUser[]) {
    super();
  }
  async findByUsername(username: string) {
    return this.list.find((u) => u.username.toLowerCase() === username.toLowerCase()) ?? null;
  }
}

function context(authorization?: string, handler: () => void = () => undefined) {
  const request: { headers: Record<string, string>; user?: AuthUser | null } = { headers: authorization ? { authorization } : {} };
  const headers: Record<string, string> = {};
  const reply = { header: (k: string, v: string) => ((headers[k] = v), reply) };
  const ctx = { switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply }), getHandler: () => handler } as unknown as ExecutionContext;
  return { ctx, request, headers };
}

describe(JwtAuthGuard.name, () => {
  const guard = new JwtAuthGuard(tokens, new Users([alice, root]));

  it('should attach the user of a valid bearer token, loaded by its username', async () => {
    const { ctx, request } = context(`Bearer ${await tokens.sign(alice, false)}`);
    await expect(guard.canActivate(ctx)).resolves.toBe(true);
    expect(request.user).toBe(alice);
  });

  it('should refuse a missing, malformed or foreign token with 401 and WWW-Authenticate', async () => {
    const foreign = await new JwtService({ secret: 'another-secret-of-enough-length!!' }).signAsync({ sub: 'Alice' });
    for (const header of [undefined, 'Bearer', 'Basic abc', 'Bearer not.a.jwt', `Bearer ${foreign}`]) {
      const { ctx, headers } = context(header);
      await expect(guard.canActivate(ctx)).rejects.toMatchObject({ status: 401, response: { detail: 'Not authenticated' } });
      expect(headers['WWW-Authenticate']).toBe('Bearer');
    }
  });

  it("should attach the user's staff role as the database holds it, whatever the token claims", async () => {
    const token = await tokens.sign(root, false);
    const demoted: AuthUser = { ...root, isSuperuser: false, staffRole: null };
    const { ctx, request } = context(`Bearer ${token}`);
    await expect(new JwtAuthGuard(tokens, new Users([demoted])).canActivate(ctx)).resolves.toBe(true);
    expect(request.user).toMatchObject({ username: 'root', staffRole: null });
  });

  it('should refuse the token of a user who no longer exists', async () => {
    const token = await tokens.sign(alice, false);
    const { ctx } = context(`Bearer ${token}`);
    await expect(new JwtAuthGuard(tokens, new Users([])).canActivate(ctx)).rejects.toMatchObject({ status: 401 });
  });
});

describe(OptionalAuthGuard.name, () => {
  const guard = new OptionalAuthGuard(tokens, new Users([alice]));

  it('should let visitors and bad tokens through as anonymous, and attach a signed-in user', async () => {
    for (const header of [undefined, 'Bearer garbage']) {
      const { ctx, request } = context(header);
      await expect(guard.canActivate(ctx)).resolves.toBe(true);
      expect(request.user).toBeNull();
    }
    const { ctx, request } = context(`Bearer ${await tokens.sign(alice, true)}`);
    await guard.canActivate(ctx);
    expect(request.user).toBe(alice);
  });
});

describe(StaffGuard.name, () => {
  const guard = new StaffGuard({ STAFF_2FA: 'optional' });
  /** A route handler mounted from an endpoint that names `permission` (none: a route without one). */
  const handlerNeeding = (permission?: StaffPermission) => {
    const handler = () => undefined;
    markEndpoint(handler, { method: 'GET', path: '/admin/probe', staff: permission, answer: {} });
    return handler;
  };
  const attempt = (user: AuthUser | null, permission?: StaffPermission) => {
    const { ctx, request } = context(undefined, handlerNeeding(permission));
    request.user = user;
    return () => guard.canActivate(ctx);
  };
  const staff = (staffRole: StaffRole): AuthUser => ({ ...root, staffRole });

  it("should let a staff account through when its role grants the endpoint's permission", () => {
    expect(attempt(root, 'roles')()).toBe(true);
    expect(attempt(staff('organizer'), 'contests')()).toBe(true);
    expect(attempt(staff('moderator'), 'moderation')()).toBe(true);
  });

  it("should refuse a staff account whose role lacks the endpoint's permission with 403 and the permission text", () => {
    const refused = expect.objectContaining({ status: 403, response: { detail: STAFF_MESSAGES.permissionRequired } });
    expect(attempt(staff('organizer'), 'moderation')).toThrow(refused);
    expect(attempt(staff('moderator'), 'contests')).toThrow(refused);
    expect(attempt(staff('organizer'), 'roles')).toThrow(refused);
  });

  it('should refuse an account that is not staff with 403, whatever else it claims', () => {
    const refused = expect.objectContaining({ status: 403, response: { detail: AUTH_GUARD_MESSAGES.superuserRequired } });
    expect(attempt(alice, 'standings')).toThrow(refused);
    // The role is what counts: a stray flag without one opens nothing.
    expect(attempt({ ...alice, isSuperuser: true }, 'standings')).toThrow(refused);
  });

  it('should refuse without a signed-in user with 401, and a route that names no permission even to an owner', () => {
    expect(attempt(null, 'standings')).toThrow(expect.objectContaining({ status: 401, response: { detail: AUTH_GUARD_MESSAGES.notAuthenticated } }));
    expect(attempt(root)).toThrow(expect.objectContaining({ status: 403, response: { detail: STAFF_MESSAGES.permissionRequired } }));
  });

  it('should refuse an owner without a second factor only while STAFF_2FA is required, and never its setup calls', () => {
    const required = new StaffGuard({ STAFF_2FA: 'required' });
    const adminCall = routeHandler(jobsEndpoints.adminJobsOverview);
    const setupCall = routeHandler(twoFactorEndpoints.startTwoFactorSetup);
    const as = (user: AuthUser, handler: () => void) => {
      const c = context(undefined, handler);
      c.request.user = user;
      return c.ctx;
    };
    expect(() => required.canActivate(as(root, adminCall))).toThrow(
      expect.objectContaining({ status: 403, response: { detail: TWO_FACTOR_MESSAGES.setupRequired } }),
    );
    expect(required.canActivate(as(root, setupCall))).toBe(true);
    expect(guard.canActivate(as(root, adminCall))).toBe(true);
    expect(required.canActivate(as({ ...root, twoFactorEnabledAt: new Date() }, adminCall))).toBe(true);
    // Only owners are held to it.
    expect(required.canActivate(as({ ...root, staffRole: 'moderator' }, routeHandler(twoFactorEndpoints.getTwoFactorStatus)))).toBe(true);
    expect(() => required.canActivate(as({ ...root, staffRole: 'organizer' }, routeHandler(jobsEndpoints.adminJobsOverview)))).toThrow(
      expect.objectContaining({ status: 403, response: { detail: STAFF_MESSAGES.permissionRequired } }),
    );
  });
});

/** A route method mounted from an endpoint, as the guard finds it through the execution context. */
function routeHandler(endpoint: Endpoint): () => void {
  const handler = () => undefined;
  markEndpoint(handler, endpoint);
  return handler;
}

describe(AccessTokens.name, () => {
  it('should put the spec claims in the token and last longer with remember-me', async () => {
    const short = await tokens.verify(await tokens.sign(root, false));
    const long = await tokens.verify(await tokens.sign(root, true));
    expect(short).toMatchObject({ sub: 'root', email: 'alice@example.com', is_superuser: true, staff_role: 'owner', is_verified: true });
    expect(await tokens.verify(await tokens.sign(alice, false))).toMatchObject({ is_superuser: false, staff_role: null });
    expect(short!.exp - short!.iat!).toBe(3600);
    expect(long!.exp - long!.iat!).toBe(30 * 86_400);
  });
});
