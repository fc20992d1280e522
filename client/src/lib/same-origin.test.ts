import { describe, expect, it } from '@jest/globals';
import { paths } from '@/lib/paths';
import { returnUrls, sameOriginUrl } from './same-origin';

const SITE = 'https://screamstage.example';

describe('sameOriginUrl', () => {
  it.each([
    [
      'an absolute page of this site',
      `${SITE}${paths.profile('vera', { query: { payment: 'success' } })}`,
      `${SITE}${paths.profile('vera', { query: { payment: 'success' } })}`,
    ],
    ['a path on this site', paths.profile('vera'), `${SITE}${paths.profile('vera')}`],
  ])('should follow %s', (_name, target, expected) => {
    expect(sameOriginUrl(target, SITE)).toBe(expected);
  });

  it.each([
    ['another site', 'https://evil.example.com/profile/vera'],
    ['a protocol-relative address elsewhere', '//evil.example.com/x'],
    ['the same host on another scheme', 'http://screamstage.example/x'],
    ['a script', 'javascript:alert(1)'],
    ['a look-alike host', 'https://screamstage.example.evil.com/'],
    ['nothing', ''],
    ['null', null],
  ])('should refuse %s', (_name, target) => {
    expect(sameOriginUrl(target, SITE)).toBeNull();
  });
});

describe('returnUrls', () => {
  it("should send the buyer back to the contestant's profile, success or cancel", () => {
    expect(returnUrls('vera.crane', SITE)).toEqual({
      success: `${SITE}${paths.profile('vera.crane', { query: { payment: 'success' } })}`,
      cancel: `${SITE}${paths.profile('vera.crane', { query: { payment: 'cancel' } })}`,
    });
  });
});
