// The site's look from its two colours: the palette the pages use (the accent's and the background's
// shades, as CSS variables), the WCAG 2.x contrast of two colours, and the pairs of that palette that
// must stay readable. The server refuses colours that break a pair; the admin form shows the same check
// live; the server-drawn pages and the app put the same variables on the page.

/** The product's own colours: the demo's, and a new site's until an organizer sets others. */
export const DEFAULT_SITE_COLORS = { accent: '#e11d2a', background: '#050505' } as const;

/** WCAG 2.x AA for body text. */
export const MIN_CONTRAST = 4.5;

/** The text colours the palette keeps whatever the site's colours are (client/src/styles/index.css). */
export const TEXT_COLORS = { bone50: '#f7f3ee', bone200: '#ddd5cc', bone400: '#a8a09a' } as const;

const HEX = /^#[0-9a-f]{6}$/;

/** Whether `value` is a colour as the site stores it: `#rrggbb`, lower case. */
export const isSiteColor = (value: string): boolean => HEX.test(value);

type Rgb = readonly [number, number, number];

function rgbOf(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const hexOf = (rgb: Rgb): string => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** `weight` of `other` mixed into `base`, in sRGB: what CSS `color-mix(in srgb, other weight, base)` gives. */
export function mixColors(base: string, other: string, weight: number): string {
  const a = rgbOf(base);
  const b = rgbOf(other);
  return hexOf([0, 1, 2].map((i) => a[i] + (b[i] - a[i]) * weight) as unknown as Rgb);
}

/** WCAG 2.x relative luminance of an sRGB colour (0 black, 1 white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of two colours, from 1 to 21, either order. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The ratio as people read it: rounded down to one decimal, so 4.47 never shows as a passing 4.5. */
export const shownRatio = (ratio: number): string => (Math.floor(ratio * 10) / 10).toFixed(1);

/**
 * The palette's CSS variables from the two colours (the names of client/src/styles/index.css): the
 * accent is blood-500 and the background night-950; lighter accents are mixed with white, darker ones
 * with black, and the surfaces (cards, borders) are the background lifted toward the text colour.
 */
export function siteTheme(accent: string, background: string): Record<string, string> {
  return {
    '--color-blood-300': mixColors(accent, '#ffffff', 0.5),
    '--color-blood-400': mixColors(accent, '#ffffff', 0.3),
    '--color-blood-500': accent,
    '--color-blood-600': mixColors(accent, '#000000', 0.2),
    '--color-blood-700': mixColors(accent, '#000000', 0.39),
    '--color-blood-900': mixColors(accent, '#000000', 0.73),
    '--color-night-950': background,
    '--color-night-900': mixColors(background, TEXT_COLORS.bone50, 0.025),
    '--color-night-800': mixColors(background, TEXT_COLORS.bone50, 0.06),
    '--color-night-700': mixColors(background, TEXT_COLORS.bone50, 0.1),
    '--color-night-600': mixColors(background, TEXT_COLORS.bone50, 0.16),
  };
}

/** The theme as one CSS rule on the root element (the server's `<style>` on drawn pages). */
export function siteThemeCss(accent: string, background: string): string {
  const vars = Object.entries(siteTheme(accent, background)).map(([name, value]) => `${name}:${value}`);
  return `:root{${vars.join(';')}}`;
}

/** A pair of the palette that must stay readable: text `fg` on `bg`. */
export interface ContrastRule {
  /** How the admin form and the refusal name it. */
  label: string;
  fg: (theme: Record<string, string>) => string;
  bg: (theme: Record<string, string>) => string;
}

/** Every pair the pages rely on, each at MIN_CONTRAST at least. */
export const CONTRAST_RULES: readonly ContrastRule[] = [
  { label: 'Text on the background', fg: () => TEXT_COLORS.bone50, bg: (t) => t['--color-night-950'] },
  { label: 'Muted text on a card', fg: () => TEXT_COLORS.bone400, bg: (t) => t['--color-night-900'] },
  { label: 'Button text on the accent', fg: () => TEXT_COLORS.bone50, bg: (t) => t['--color-blood-600'] },
  { label: 'Accent text on a card', fg: (t) => t['--color-blood-400'], bg: (t) => t['--color-night-900'] },
];

export interface ContrastCheck {
  label: string;
  fg: string;
  bg: string;
  ratio: number;
  passes: boolean;
}

/** Each rule's colours and ratio for these two colours. */
export function checkContrast(accent: string, background: string): ContrastCheck[] {
  const theme = siteTheme(accent, background);
  return CONTRAST_RULES.map((rule) => {
    const fg = rule.fg(theme);
    const bg = rule.bg(theme);
    const ratio = contrastRatio(fg, bg);
    return { label: rule.label, fg, bg, ratio, passes: ratio >= MIN_CONTRAST };
  });
}
