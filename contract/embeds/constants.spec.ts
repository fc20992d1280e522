import { describe, expect, it } from '@jest/globals';
import { embedColor, embedOrigin, embedThemeOf, isEmbedPath } from './constants.js';

describe('embedOrigin', () => {
  it.each([
    ['https://organizer.example.org', 'https://organizer.example.org'],
    ['  HTTPS://Organizer.Example.org/ ', 'https://organizer.example.org'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['https://fans.example.net:443', 'https://fans.example.net'],
    ['http://localhost:5173', 'http://localhost:5173'],
    ['http://127.8.9.10', 'http://127.8.9.10'],
  ])('should take %s as the origin %s', (value, origin) => {
    expect(embedOrigin(value)).toBe(origin);
  });

  it.each([
    '',
    'organizer.example.org',
    'https://*.example.org',
    '*',
    'https://organizer.example.org/embeds',
    'https://organizer.example.org/?x=1',
    'https://user:pw@organizer.example.org',
    'ftp://organizer.example.org',
    'javascript:alert(1)',
    "'self'",
    'https://organizer.example.org; script-src *',
    'https://organizer.example.org;script-src',
    'https://a.example,b.example',
    'http://[::1]:8080',
    'http://organizer.example.org',
    'http://198.51.100.7:8080',
    'http://127.0.0.1.example.org',
  ])('should refuse %j, which is no origin a frame-ancestors source may name', (value) => {
    expect(embedOrigin(value)).toBeNull();
  });
});

describe('embedThemeOf', () => {
  it('should read six hex digits, with or without #, as lower-case colours, and compact=1', () => {
    expect(embedThemeOf(new URLSearchParams('accent=1D4ED8&bg=%23ffffff&text=111111&compact=1'))).toEqual({
      accent: '#1d4ed8',
      background: '#ffffff',
      text: '#111111',
      compact: true,
    });
  });

  it('should ignore anything else, so nothing of the address reaches a style', () => {
    expect(embedThemeOf(new URLSearchParams('accent=red&bg=fff&text=000000;}body{x:y&compact=yes'))).toEqual({
      accent: null,
      background: null,
      text: null,
      compact: false,
    });
    expect(embedColor('#12345g')).toBeNull();
  });
});

describe('isEmbedPath', () => {
  it('should know the embed pages by their path alone', () => {
    expect(isEmbedPath('/embed/groups/3/leaderboard?accent=ffffff')).toBe(true);
    expect(isEmbedPath('/embedded')).toBe(false);
    expect(isEmbedPath('/vote/3')).toBe(false);
  });
});
