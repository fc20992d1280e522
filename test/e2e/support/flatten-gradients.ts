// axe cannot judge text over a CSS gradient: it files it under "needs review", never as a violation.
// Most of this site sits on gradients (the `.grain` glow, translucent panels over it), so without help
// its colour contrast would go unchecked. Before axe looks, every gradient background becomes one solid
// colour: its lightest stop laid over what is behind it, the worst case for the light text of a dark
// theme. Gradients over a picture (a url() background on the element or above it) are left alone:
// what shows there depends on the picture, and axe still asks for review.
import type { Page } from 'playwright-core';

export async function flattenGradients(page: Page): Promise<void> {
  await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    type Rgb = [number, number, number];
    /** `css` painted over the opaque `under` (the canvas blends as CSS does, in sRGB). */
    const over = (css: string, under: Rgb): Rgb => {
      ctx.fillStyle = `rgb(${under.join(' ')})`;
      ctx.fillRect(0, 0, 1, 1);
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!];
    };
    const luminance = ([r, g, b]: Rgb) => {
      const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const COLOR = /(?:rgba?|hsla?|oklab|oklch|lab|lch|color)\([^()]*\)|transparent|#[0-9a-f]{3,8}\b/gi;

    // Document order: an element's ancestors are flattened before it is.
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const image = getComputedStyle(el).backgroundImage;
      if (!image.includes('gradient')) continue;
      const chain: HTMLElement[] = [];
      for (let a: HTMLElement | null = el; a; a = a.parentElement) chain.unshift(a);
      if (chain.some((a) => getComputedStyle(a).backgroundImage.includes('url('))) continue;
      // What shows through: the page (white by default), then each background down to the element's own colour.
      let behind: Rgb = [255, 255, 255];
      for (const a of chain) behind = over(getComputedStyle(a).backgroundColor, behind);
      const stops = (image.match(COLOR) ?? []).map((stop) => over(stop, behind));
      const lightest = stops.reduce((best, c) => (luminance(c) > luminance(best) ? c : best), behind);
      el.style.setProperty('background-image', 'none', 'important');
      el.style.setProperty('background-color', `rgb(${lightest.join(' ')})`, 'important');
    }
  });
}
