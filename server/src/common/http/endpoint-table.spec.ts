// Every controller route against the contract's endpoint table: each route is mounted from an entry
// (`@Route`) in a controller without a path of its own, each entry is mounted exactly once, and the
// route reads what its entry says the client sends: the same path parameters, and the very schemas
// (by identity) that its pipes validate the body and query with. The answer's type is held by the
// compiler at `@Route`; the file answers and multipart bodies by what the API document is told. Every
// admin call names the staff permission it needs, and `@Route` alone guards it with that (StaffGuard).
import { beforeAll, describe, expect, it } from '@jest/globals';
import { GUARDS_METADATA, ROUTE_ARGS_METADATA, PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import path from 'node:path';
import { z } from 'zod';
import type { Endpoint, NamedSchema } from '#contract/api/endpoint.js';
import { ENDPOINT_TABLE } from '#contract/api/table.js';
import { apiDocsOf, isDocumentedPipe } from '#server/common/api-docs.js';
import { JwtAuthGuard } from '#server/common/auth/jwt-auth.guard.js';
import { StaffGuard } from '#server/common/auth/staff.guard.js';
import { REPO_ROOT, repoFiles } from '#test/helpers/repo-files.js';
import { endpointOf } from './route.js';

interface RouteArgument {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

interface MountedRoute {
  at: string;
  method: RequestMethod;
  endpoint?: Endpoint;
  controllerPath: unknown;
  handler: object;
  paramNames: string[];
  queryNames: string[];
  bodySchemas: z.ZodType[];
  querySchemas: z.ZodType[];
  docs: ReturnType<typeof apiDocsOf>;
  /** The guards on the handler and on its controller. */
  guards: unknown[];
}

/**
 * Staff calls whose path is not under /admin: they needed an administrator before roles existed, and need a
 * staff permission now.
 */
const STAFF_OUTSIDE_ADMIN = ['GET /groups/:groupId/contestants', 'GET /contestants', 'PUT /contestants/contestant-entries/:entryId', 'DELETE /users/:userId'];

/** Calls under /admin that anyone may make: the current contest's countdown (the home page shows it). */
const PUBLIC_UNDER_ADMIN = ['GET /admin/current-contest/countdown'];

const paramType = (key: string) => Number(key.split(':')[0]);

async function mountedRoutes(): Promise<MountedRoute[]> {
  const files = repoFiles(['server/src']).filter((f) => f.endsWith('.controller.ts'));
  const routes: MountedRoute[] = [];
  for (const file of files) {
    const module = (await import(path.join(REPO_ROOT, file))) as Record<string, unknown>;
    for (const controller of Object.values(module)) {
      if (typeof controller !== 'function' || Reflect.getMetadata(PATH_METADATA, controller) === undefined) continue;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const key of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[key];
        if (key === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
        const args = Object.entries((Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, key) ?? {}) as Record<string, RouteArgument>);
        const of = (type: RouteParamtypes) => args.filter(([k]) => paramType(k) === type).map(([, a]) => a);
        const wholeSchemas = (type: RouteParamtypes) =>
          of(type)
            .filter((a) => a.data === undefined)
            .flatMap((a) => (a.pipes ?? []).filter(isDocumentedPipe).map((p) => p.schema));
        routes.push({
          at: `${controller.name}.${key}`,
          method: Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod,
          endpoint: endpointOf(handler),
          controllerPath: Reflect.getMetadata(PATH_METADATA, controller),
          handler,
          paramNames: of(RouteParamtypes.PARAM).flatMap((a) => (typeof a.data === 'string' ? [a.data] : [])),
          queryNames: of(RouteParamtypes.QUERY).flatMap((a) => (typeof a.data === 'string' ? [a.data] : [])),
          bodySchemas: wholeSchemas(RouteParamtypes.BODY),
          querySchemas: wholeSchemas(RouteParamtypes.QUERY),
          docs: apiDocsOf(handler),
          guards: [
            ...((Reflect.getMetadata(GUARDS_METADATA, controller) ?? []) as unknown[]),
            ...((Reflect.getMetadata(GUARDS_METADATA, handler) ?? []) as unknown[]),
          ],
        });
      }
    }
  }
  return routes;
}

async function schemaNamed(named: NamedSchema | undefined): Promise<z.ZodType | undefined> {
  if (!named) return undefined;
  const module = (await import(path.join(REPO_ROOT, 'contract', `${named.module}.ts`))) as Record<string, unknown>;
  const schema = module[named.name];
  if (!(schema instanceof z.ZodType)) throw new Error(`contract/${named.module}.ts exports no schema ${named.name}`);
  return schema;
}

const entries = Object.entries(ENDPOINT_TABLE).flatMap(([domain, table]) =>
  Object.entries(table as Record<string, Endpoint>).map(([name, endpoint]) => ({ name: `${domain}.${name}`, endpoint })),
);
const pathParamNames = (p: string) => [...p.matchAll(/:([A-Za-z]\w*)/g)].map((m) => m[1]).sort();

describe('the endpoint table and the controllers', () => {
  let routes: MountedRoute[];
  beforeAll(async () => {
    routes = await mountedRoutes();
  });

  it('should find the controllers', () => {
    expect(routes.length).toBeGreaterThan(0);
  });

  it('should mount every route from an entry of the table, in a controller without a path of its own', () => {
    expect(routes.filter((r) => !r.endpoint).map((r) => r.at)).toEqual([]);
    expect(routes.filter((r) => r.controllerPath !== '/').map((r) => r.at)).toEqual([]);
  });

  it('should mount every entry exactly once, and no two entries at one method and path', () => {
    const mounts = entries.map(({ name, endpoint }) => ({ name, count: routes.filter((r) => r.endpoint === endpoint).length }));
    expect(mounts.filter((m) => m.count !== 1)).toEqual([]);
    const keys = entries.map(({ endpoint }) => `${endpoint.method} ${endpoint.path.replace(/:\w+/g, ':')}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it("should read the path parameters its entry's path names", () => {
    const differ = routes
      .filter((r) => r.endpoint && JSON.stringify([...new Set(r.paramNames)].sort()) !== JSON.stringify(pathParamNames(r.endpoint.path)))
      .map((r) => `${r.at}: reads ${r.paramNames.join(', ') || 'none'}, path ${r.endpoint?.path}`);
    expect(differ).toEqual([]);
  });

  it("should validate the body and the query with its entry's very schemas", async () => {
    const differ: string[] = [];
    for (const r of routes) {
      if (!r.endpoint) continue;
      const body = await schemaNamed(r.endpoint.body);
      const query = await schemaNamed(r.endpoint.query);
      if (r.bodySchemas.length !== (body ? 1 : 0) || (body && r.bodySchemas[0] !== body)) differ.push(`${r.at}: body`);
      if (r.querySchemas.length > 1 || (r.querySchemas.length === 1 && r.querySchemas[0] !== query)) differ.push(`${r.at}: query`);
      // A query read one value at a time: each name is a key of the entry's query object.
      const keys = query instanceof z.ZodObject ? Object.keys(query.shape) : [];
      if (r.querySchemas.length === 0 && (r.queryNames.some((n) => !keys.includes(n)) || (query && r.queryNames.length === 0)))
        differ.push(`${r.at}: query names`);
      const multipart = await schemaNamed(r.endpoint.multipart);
      if (multipart !== r.docs.multipart?.fields) differ.push(`${r.at}: multipart`);
      if (r.endpoint.file !== r.docs.file) differ.push(`${r.at}: file answer`);
      if (RequestMethod[r.endpoint.method] !== r.method) differ.push(`${r.at}: method`);
    }
    expect(differ).toEqual([]);
  });

  it('should name a staff permission on every admin call, and on every call that needed an administrator before', () => {
    const key = (e: Endpoint) => `${e.method} ${e.path}`;
    const unnamed = entries
      .filter(({ endpoint }) => !endpoint.staff && !PUBLIC_UNDER_ADMIN.includes(key(endpoint)))
      .filter(({ endpoint }) => endpoint.path.startsWith('/admin/') || STAFF_OUTSIDE_ADMIN.includes(key(endpoint)))
      .map(({ name }) => name);
    expect(unnamed).toEqual([]);
    // The lists name calls that exist, so a renamed path cannot slip out of them.
    const keys = entries.map(({ endpoint }) => key(endpoint));
    expect([...STAFF_OUTSIDE_ADMIN, ...PUBLIC_UNDER_ADMIN].filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('should guard every staff call with a signed-in user and then its staff permission, and no other call with the staff guard', () => {
    const staffRoutes = routes.filter((r) => r.endpoint?.staff);
    expect(staffRoutes.length).toBeGreaterThan(0);
    const unguarded = staffRoutes
      .filter((r) => {
        const jwt = r.guards.indexOf(JwtAuthGuard);
        return jwt < 0 || r.guards.indexOf(StaffGuard) < jwt;
      })
      .map((r) => r.at);
    expect(unguarded).toEqual([]);
    expect(routes.filter((r) => !r.endpoint?.staff && r.guards.includes(StaffGuard)).map((r) => r.at)).toEqual([]);
    // The staff calls' API document says they take a token and may answer 401 and 403.
    const undocumented = staffRoutes.filter((r) => {
      const responses = Reflect.getMetadata('swagger/apiResponse', r.handler) as Record<string, unknown> | undefined;
      return !Reflect.getMetadata('swagger/apiSecurity', r.handler) || !responses?.['401'] || !responses['403'];
    });
    expect(undocumented.map((r) => r.at)).toEqual([]);
  });

  it('should keep the public calls under /admin free of any guard', () => {
    const open = routes.filter((r) => r.endpoint && PUBLIC_UNDER_ADMIN.includes(`${r.endpoint.method} ${r.endpoint.path}`));
    expect(open).toHaveLength(PUBLIC_UNDER_ADMIN.length);
    expect(open.filter((r) => r.guards.length > 0).map((r) => r.at)).toEqual([]);
  });
});
