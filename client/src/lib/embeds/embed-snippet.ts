// The copy-paste <iframe> tag an organizer or a contestant puts on their own site.

export interface EmbedOptions {
  /** `#rrggbb` or null for the site's own. */
  accent: string | null;
  compact: boolean;
}

/** The embed page's address on this site, with the options as its query (colours without '#'). */
export function embedUrl(origin: string, path: string, options: EmbedOptions): string {
  const query = new URLSearchParams();
  if (options.accent) query.set('accent', options.accent.replace('#', ''));
  if (options.compact) query.set('compact', '1');
  const search = query.toString();
  return `${origin}${path}${search ? `?${search}` : ''}`;
}

const escapeAttribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The tag: a title for screen readers, a fixed size, loaded when it nears the screen, no border. */
export function embedSnippet({ src, title, width, height }: { src: string; title: string; width: number; height: number }): string {
  return `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(title)}" width="${width}" height="${height}" loading="lazy" style="border:0;max-width:100%"></iframe>`;
}
