import { describe, expect, it } from '@jest/globals';
import { isPagePath } from './page-shell.js';

describe(isPagePath.name, () => {
  it('should treat page routes as pages, dots in usernames included', () => {
    for (const url of ['/', '/dashboard', '/profile/vivienne.crane', '/profile/2025/a.b?payment=cancel', '/leaderboard/group/3', '/no/such.page']) {
      expect([url, isPagePath(url)]).toEqual([url, true]);
    }
  });

  it('should leave missing files and API paths as real 404s', () => {
    for (const url of ['/api/v1/nope', '/assets/missing.js', '/media/missing.mp4', '/uploads/x.jpg', '/favicon.ico', '/robots.txt?x=1', '/socket.io/']) {
      expect([url, isPagePath(url)]).toEqual([url, false]);
    }
  });
});
