import { describe, expect, it } from '@jest/globals';
import { checkContrast, contrastRatio, MIN_CONTRAST, mixColors, relativeLuminance, shownRatio, siteTheme, siteThemeCss } from './theme.js';

describe('site theme', () => {
  it('measures contrast as WCAG 2.x does', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10);
    // WCAG's own worked figure: #777777 on white is 4.48:1, just short of AA.
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#123456', '#123456')).toBe(1);
  });

  it('shows a ratio rounded down, so a failing one never reads as passing', () => {
    expect(shownRatio(4.4999)).toBe('4.4');
    expect(shownRatio(21)).toBe('21.0');
  });

  it('mixes colours as color-mix in sRGB does', () => {
    expect(mixColors('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixColors('#e11d2a', '#000000', 0)).toBe('#e11d2a');
    expect(mixColors('#e11d2a', '#ffffff', 1)).toBe('#ffffff');
  });

  it("keeps the accent and background as the palette's 500 and 950, with every variable as CSS", () => {
    const theme = siteTheme('#1d4ed8', '#0b1020');
    expect(theme['--color-blood-500']).toBe('#1d4ed8');
    expect(theme['--color-night-950']).toBe('#0b1020');
    expect(Object.values(theme).every((v) => /^#[0-9a-f]{6}$/.test(v))).toBe(true);
    expect(siteThemeCss('#1d4ed8', '#0b1020')).toMatch(/^:root\{--color-blood-300:#[0-9a-f]{6};.*--color-night-600:#[0-9a-f]{6}\}$/);
  });

  it("passes the demo's colours on every pair", () => {
    const checks = checkContrast('#e11d2a', '#050505');
    expect(checks.map((c) => [c.label, c.passes])).toEqual(checks.map((c) => [c.label, true]));
    expect(checks.every((c) => c.ratio >= MIN_CONTRAST)).toBe(true);
  });

  it('fails light text on a light background and button text on a light accent', () => {
    const light = checkContrast('#e11d2a', '#ffffff');
    expect(light.find((c) => c.label === 'Text on the background')!.passes).toBe(false);
    const yellow = checkContrast('#ffe600', '#050505');
    expect(yellow.find((c) => c.label === 'Button text on the accent')!.passes).toBe(false);
    expect(yellow.find((c) => c.label === 'Text on the background')!.passes).toBe(true);
  });

  it('fails an accent too dark to read as text on a card', () => {
    const dark = checkContrast('#3a0000', '#050505');
    expect(dark.find((c) => c.label === 'Accent text on a card')!.passes).toBe(false);
  });
});
