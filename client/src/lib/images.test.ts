import { describe, expect, it } from '@jest/globals';
import { pictureSrcSet } from '#contract/profiles/picture-variants';
import { responsiveSources } from './images';

describe('responsive picture sources', () => {
  it('should name the 64, 160, 320, 640 and 1280 px variants of a stored picture', () => {
    expect(pictureSrcSet('/uploads/profiles/0b1c-22.png', 'webp')).toBe(
      '/uploads/variants/profiles/0b1c-22-64w.webp 64w, /uploads/variants/profiles/0b1c-22-160w.webp 160w, ' +
        '/uploads/variants/profiles/0b1c-22-320w.webp 320w, /uploads/variants/profiles/0b1c-22-640w.webp 640w, /uploads/variants/profiles/0b1c-22-1280w.webp 1280w',
    );
    expect(responsiveSources('/uploads/profiles/a.jpg')).toEqual({
      src: '/uploads/profiles/a.jpg',
      webp: expect.stringContaining('/uploads/variants/profiles/a-640w.webp 640w'),
      jpeg: expect.stringContaining('/uploads/variants/profiles/a-1280w.jpg 1280w'),
    });
  });

  it('should give no srcset to pictures that have no variants', () => {
    for (const url of [
      'https://cdn.example.com/a.jpg',
      '/media/hero.jpg',
      '/uploads/variants/profiles/a-320w.jpg',
      '/uploads/profiles/../x.jpg',
      '/uploads/profiles/a.webp',
    ]) {
      expect(responsiveSources(url)).toEqual({ src: url, webp: undefined, jpeg: undefined });
    }
  });
});
