import { describe, expect, it } from '@jest/globals';
import { oidcStartQuerySchema, returnPathSchema } from './requests.js';

describe('returnPathSchema', () => {
  it('should take a path of this site, with its query', () => {
    for (const path of ['/', '/vote/7?type=free', '/profile/basics', '/leaderboard?page=2#top']) expect(returnPathSchema.safeParse(path).success).toBe(true);
  });

  it('should refuse anything that could leave the site: another origin, a protocol-relative address, a backslash, a scheme', () => {
    for (const address of ['https://evil.example/', '//evil.example/x', '/\\evil.example', '\\\\evil.example', 'javascript:alert(1)', 'vote/7', '', '/a b']) {
      expect(returnPathSchema.safeParse(address).success).toBe(false);
    }
  });

  it('should send a sign-in whose return path is refused or missing home, rather than refusing the sign-in', () => {
    expect(oidcStartQuerySchema.parse({ return_to: '//evil.example/' })).toEqual({ return_to: '/' });
    expect(oidcStartQuerySchema.parse({})).toEqual({ return_to: '/' });
    expect(oidcStartQuerySchema.parse({ return_to: '/vote/7?type=free' })).toEqual({ return_to: '/vote/7?type=free' });
  });
});
