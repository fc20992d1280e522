// The look a frame's address asks for (contract/embeds/constants.ts: accent, bg, text as six hex digits,
// compact=1), as the palette's CSS variables on the embed page's own element. Only values that passed
// the contract's check reach a style, as a custom property's value, never as text of a style sheet.
import type { CSSProperties } from 'react';
import { type EmbedTheme, embedThemeOf } from '#contract/embeds/constants';
import { mixColors, siteTheme } from '#contract/site/theme';

/** The CSS variables of `theme` (none for what it leaves to the site's own colours). */
export function embedStyle(theme: EmbedTheme, site: { accent: string; background: string }): CSSProperties {
  const vars: Record<string, string> = {};
  if (theme.accent || theme.background) Object.assign(vars, siteTheme(theme.accent ?? site.accent, theme.background ?? site.background));
  if (theme.text) {
    const background = theme.background ?? site.background;
    vars['--color-bone-50'] = theme.text;
    vars['--color-bone-200'] = mixColors(theme.text, background, 0.12);
    vars['--color-bone-400'] = mixColors(theme.text, background, 0.3);
  }
  return vars as CSSProperties;
}

export { embedThemeOf, type EmbedTheme };
