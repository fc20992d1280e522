import { describe, expect, it } from '@jest/globals';
import { preferredEncoding } from './accept-encoding.js';

describe(preferredEncoding.name, () => {
  it('should prefer Brotli, then gzip, as weighed by the client', () => {
    for (const [header, coding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate, br', 'br'],
      ['GZIP', 'gzip'],
      ['x-gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['br;q=0, gzip;q=0.1', 'gzip'],
      ['*', 'br'],
      ['gzip;q=0.2, *;q=0.5', 'br'],
      ['br ; q=1.0', 'br'],
    ] as const) {
      expect([header, preferredEncoding(header)]).toEqual([header, coding]);
    }
  });

  it('should choose none when the client accepts neither', () => {
    for (const header of [undefined, '', 'identity', 'deflate, zstd', 'br;q=0, gzip;q=0', '*;q=0', 'gzip;q=oops', 'deflate, *;q=0, br;q=0']) {
      expect([header, preferredEncoding(header)]).toEqual([header, null]);
    }
  });
});
