// The social-link rule that registration, /profile/social and the server share: handles and addresses
// in, one canonical https address out, the fixed messages for anything else.
import { describe, expect, it } from '@jest/globals';
import { registrationFieldsSchema } from '../auth/requests.js';
import { SOCIAL_LINK_MESSAGES as S } from './messages.js';
import { socialLinksSchema } from './requests.js';
import { normalizeSocialLink } from './social-link-rules.js';

describe(normalizeSocialLink.name, () => {
  it.each([
    'tess.audit',
    '@tess.audit',
    '  @Tess.Audit  ',
    'instagram.com/tess.audit',
    'www.instagram.com/tess.audit/',
    'http://instagram.com/tess.audit',
    'https://www.instagram.com/tess.audit/',
    'HTTPS://WWW.INSTAGRAM.COM/TESS.AUDIT',
    'https://www.instagram.com/tess.audit?igsh=MWQ1ZGUxMzBkMA==',
    'https://instagram.com/tess.audit/#',
    'https://m.instagram.com/tess.audit',
  ])('should store the Instagram %p as https://www.instagram.com/tess.audit', (typed) => {
    expect(normalizeSocialLink('instagram', typed)).toBe('https://www.instagram.com/tess.audit');
  });

  it.each([
    'tess.audit',
    '@tess.audit',
    '@TESS.AUDIT',
    'tiktok.com/@tess.audit',
    'www.tiktok.com/@tess.audit/',
    'http://tiktok.com/@tess.audit',
    'https://www.tiktok.com/@tess.audit',
    'https://www.tiktok.com/@TESS.AUDIT?lang=en',
    'https://m.tiktok.com/@tess.audit',
  ])('should store the TikTok %p as https://www.tiktok.com/@tess.audit', (typed) => {
    expect(normalizeSocialLink('tiktok', typed)).toBe('https://www.tiktok.com/@tess.audit');
  });

  it("should take Instagram's own limits: 1 to 30 of letters, digits, '.' and '_', no '.' first, last or twice in a row", () => {
    expect(normalizeSocialLink('instagram', 'a')).toBe('https://www.instagram.com/a');
    expect(normalizeSocialLink('instagram', 'a'.repeat(30))).toBe(`https://www.instagram.com/${'a'.repeat(30)}`);
    expect(normalizeSocialLink('instagram', '_tess_.audit_9')).toBe('https://www.instagram.com/_tess_.audit_9');
    for (const bad of ['a'.repeat(31), '.tess', 'tess.', 'tess..audit', 'tess-audit', 'tess audit', 'tëss', '@', '']) {
      expect({ bad, link: normalizeSocialLink('instagram', bad) }).toEqual({ bad, link: null });
    }
  });

  it("should take TikTok's own limits: 2 to 24 of letters, digits, '.' and '_', no '.' last", () => {
    expect(normalizeSocialLink('tiktok', 'ab')).toBe('https://www.tiktok.com/@ab');
    expect(normalizeSocialLink('tiktok', '.tess_')).toBe('https://www.tiktok.com/@.tess_');
    expect(normalizeSocialLink('tiktok', 'a'.repeat(24))).toBe(`https://www.tiktok.com/@${'a'.repeat(24)}`);
    for (const bad of ['a', 'a'.repeat(25), 'tess.', 'tess-audit', 'tess audit', '@']) {
      expect({ bad, link: normalizeSocialLink('tiktok', bad) }).toEqual({ bad, link: null });
    }
  });

  it('should refuse addresses that are not a profile of that platform', () => {
    const instagram = [
      'https://evil.com/tess',
      'https://instagram.com/',
      'instagram.com',
      'www.instagram.com',
      'https://instagram.com/tess/reels',
      'https://instagram.com/@tess',
      'ftp://instagram.com/tess',
      'https://instagram.com.evil.com/tess',
      'https://instagram.com:8443/tess',
      'https://tiktok.com/@tess',
      'javascript:alert(1)',
      'https://www.instagram.com/explore/',
      'instagram.com/reels',
      'https://www.instagram.com/p/',
      'accounts',
      'https://mobile.instagram.com/tess',
    ];
    const tiktok = [
      'https://tiktok.com/tess',
      'tiktok.com/tess',
      'https://www.tiktok.com/@',
      'tiktok.com',
      'https://instagram.com/@tess',
      'tiktok.com/@tess/video/1',
      'https://vm.tiktok.com/@tess',
      '@@tess',
    ];
    for (const bad of instagram) expect({ bad, link: normalizeSocialLink('instagram', bad) }).toEqual({ bad, link: null });
    for (const bad of tiktok) expect({ bad, link: normalizeSocialLink('tiktok', bad) }).toEqual({ bad, link: null });
  });
});

describe('socialLinksSchema', () => {
  it('should turn handles into canonical addresses and empty fields into null', () => {
    expect(socialLinksSchema.parse({ instagram: '@tess.audit', tiktok: 'tess.audit' })).toEqual({
      instagram: 'https://www.instagram.com/tess.audit',
      tiktok: 'https://www.tiktok.com/@tess.audit',
    });
    expect(socialLinksSchema.parse({ instagram: '  ', tiktok: null })).toEqual({ instagram: null, tiktok: null });
  });

  it("should keep the spec's message for anything else", () => {
    const result = socialLinksSchema.safeParse({ instagram: 'tess audit', tiktok: 'tiktok.com/tess' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['instagram', S.instagramInvalid],
      ['tiktok', S.tiktokInvalid],
    ]);
  });
});

describe('registrationFieldsSchema', () => {
  const fields = {
    username: 'tess_audit',
    first_name: 'Tess',
    last_name: 'Audit',
    phone_number: '5551234567',
    biography: 'Screams for a living.',
    category: 'Scream Queens',
    email: 'tess@example.com',
    password: 'long enough',
    confirm_password: 'long enough',
  };

  it('should accept handles for Instagram and TikTok and give their canonical addresses', () => {
    const parsed = registrationFieldsSchema.parse({ ...fields, instagram: 'tess.audit', tiktok: '@tess.audit' });
    expect([parsed.instagram, parsed.tiktok]).toEqual(['https://www.instagram.com/tess.audit', 'https://www.tiktok.com/@tess.audit']);
  });

  it("should refuse what is neither with the spec's messages", () => {
    const result = registrationFieldsSchema.safeParse({ ...fields, instagram: 'https://evil.com/tess', tiktok: 'tiktok.com/tess' });
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['instagram', S.instagramInvalid],
      ['tiktok', S.tiktokInvalid],
    ]);
  });
});
