// The endpoint-table rules of eslint.config.js, proven on probe files: a controller that mounts a route
// with Nest's own decorators, gives itself a path or guards a staff call itself fails lint, and so does a
// client endpoint that writes its URL or method by hand; the same code through the table (`@Route`,
// `request()`) passes.
import { describe, expect, it } from '@jest/globals';
import { lint, rules } from './lint-probe.js';

describe('lint of routes and requests outside the endpoint table', () => {
  it('should refuse a controller that mounts its routes itself', () => {
    const source = `
import { Controller, Get, Post } from '@nestjs/common';

@Controller('admin/things')
export class ThingsController {
  @Get()
  list(): string[] { return []; }
  @Post(':id')
  touch(): void {}
}
`;
    const found = rules(lint('server/src/modules/jobs/things.controller.ts', source));
    expect(found.filter((r) => r === '@typescript-eslint/no-restricted-imports')).toHaveLength(2);
    expect(found.filter((r) => r === 'no-restricted-syntax')).toHaveLength(1);
  });

  it('should refuse a controller that puts the staff guard on a route itself', () => {
    const source = `
import { Controller, UseGuards } from '@nestjs/common';
import { jobsEndpoints } from '#contract/jobs/endpoints.js';
import { JwtAuthGuard } from '#server/common/auth/jwt-auth.guard.js';
import { StaffGuard } from '#server/common/auth/staff.guard.js';
import { Route } from '#server/common/http/route.js';

@Controller()
export class ThingsController {
  @Route(jobsEndpoints.adminJobsOverview)
  @UseGuards(JwtAuthGuard, StaffGuard)
  overview(): Promise<never> { return Promise.reject(new Error('probe')); }
}
`;
    expect(rules(lint('server/src/modules/jobs/things.controller.ts', source))).toEqual(['@typescript-eslint/no-restricted-imports']);
  });

  it('should pass a controller whose routes come from the table', () => {
    const source = `
import { Controller } from '@nestjs/common';
import { jobsEndpoints } from '#contract/jobs/endpoints.js';
import { Route } from '#server/common/http/route.js';

@Controller()
export class ThingsController {
  @Route(jobsEndpoints.adminJobsOverview)
  overview(): Promise<never> { return Promise.reject(new Error('probe')); }
}
`;
    expect(rules(lint('server/src/modules/jobs/things.controller.ts', source))).toEqual([]);
  });

  it('should refuse a client endpoint that writes its URL or method, or answers a URL as text', () => {
    const source = `
import { api } from '@/lib/api/api';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    a: build.query<unknown, number>({ query: (id) => ({ url: \`/admin/jobs/\${id}\`, method: 'DELETE' }) }),
    b: build.query<unknown, void>({ query: () => '/admin/jobs' }),
  }),
});
export const { useAQuery } = probeApi;
`;
    expect(rules(lint('client/src/features/jobs/api/probe.ts', source))).toEqual(['no-restricted-syntax', 'no-restricted-syntax', 'no-restricted-syntax']);
  });

  it('should pass a client endpoint built from the table', () => {
    const source = `
import { jobsEndpoints } from '#contract/jobs/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    a: build.query<unknown, void>({ query: () => request(jobsEndpoints.adminJobsOverview) }),
  }),
});
export const { useAQuery } = probeApi;
`;
    expect(rules(lint('client/src/features/jobs/api/probe.ts', source))).toEqual([]);
  });
});
