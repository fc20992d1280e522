import { describe, expect, it } from '@jest/globals';
import { requestLocale } from './request-locale.js';

describe('requestLocale', () => {
  it('should follow the switcher cookie before the browser', () => {
    expect(requestLocale({ cookie: 'a=1; locale=pt-BR; b=2', 'accept-language': 'en-US,en;q=0.9' })).toBe('pt-BR');
    expect(requestLocale({ cookie: 'locale=en', 'accept-language': 'pt-BR' })).toBe('en');
  });

  it('should ignore a cookie that names no supported language', () => {
    expect(requestLocale({ cookie: 'locale=fr', 'accept-language': 'pt-BR,pt;q=0.9' })).toBe('pt-BR');
    expect(requestLocale({ cookie: 'locale=%E0%A4%A', 'accept-language': 'en' })).toBe('en');
  });

  it("should choose by the browser's weights", () => {
    expect(requestLocale({ 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' })).toBe('pt-BR');
    expect(requestLocale({ 'accept-language': 'pt' })).toBe('pt-BR');
    expect(requestLocale({ 'accept-language': 'en;q=0.5, pt-br;q=0.9' })).toBe('pt-BR');
    expect(requestLocale({ 'accept-language': 'de, en;q=0.8, pt;q=0.5' })).toBe('en');
  });

  it('should take another Portuguese over English when none of ours is named', () => {
    expect(requestLocale({ 'accept-language': 'pt-PT' })).toBe('pt-BR');
    expect(requestLocale({ 'accept-language': 'pt-PT, en-GB;q=0.8' })).toBe('en');
  });

  it('should fall back to English', () => {
    expect(requestLocale({})).toBe('en');
    expect(requestLocale({ 'accept-language': 'fr-FR, de;q=0.5' })).toBe('en');
    expect(requestLocale({ 'accept-language': 'garbage;;;' })).toBe('en');
  });
});
