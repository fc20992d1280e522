import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { portraitSvg, renderPortrait } from './demo-portrait.js';

describe('renderPortrait', () => {
  it.each([0, 1, 2, 3])('should render look %i as a 600x800 JPEG under 100 KB', async (variant) => {
    const jpeg = await renderPortrait({ initials: 'VC', hue: variant * 97, variant });
    const meta = await sharp(jpeg).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 600, height: 800 });
    expect(jpeg.length).toBeLessThan(100 * 1024);
  });

  it('should escape the initials it draws', () => {
    expect(portraitSvg({ initials: '<&', hue: 0, variant: 0 })).toContain('&#60;&#38;');
  });
});
