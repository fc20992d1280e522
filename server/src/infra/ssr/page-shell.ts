// The single-page app's shell (dist/client/index.html), read once at start and answered from memory
// for every page path: by the router's not-found handler (create-app.ts) for paths no route has, by
// the exception filter for a page route that found nothing (a profile of no contestant), and by the
// share module for profile pages (with the contestant's preview tags). A rebuilt client is served
// after a restart (npm start rebuilds what is stale, then starts).
//
// Pages are put into index.html between its marks (client/index.html): the head (the page's title, and
// its scripts as `<link rel="modulepreload">` so a phone fetches them beside the entry), the root
// element (a drawing) and the drawing's data after it. What each page path gets comes from the route
// manifest the build wrote (route-manifest.ts); a path that is no page answers 404 with the not-found page.
//
// Each page route's shell is made and compressed once at start (Brotli 11 and gzip 9, as the build does
// for files) and sent as the browser accepts: 1.2-2.8 KB of HTML become 0.4-0.9 KB.
//
// The public pages are drawn on the server (page-render.ts, decision 020): their shell carries the
// drawing in its root element and the page's <title>, and names the after-load entry instead of the
// app's scripts. `send` answers a drawn page when there is one (with or without a query: the drawing
// is chosen by the query parameters its page reads), and the page's shell otherwise.
//
// Every page is sent in the language the request chose (common/http/request-locale.ts: the switcher's
// cookie, else Accept-Language, else English): `<html lang>` says it, a drawn page is drawn in it, and
// the browser's app starts in it (client/src/main.tsx). Each route's shell is made once per language.
import type { FastifyReply } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Locale } from '#contract/site/constants.js';
import { siteThemeCss } from '#contract/site/theme.js';
import type { AppConfig } from '#server/config/config.js';
import { type Brand, brandKey, type SiteBrand } from '#server/infra/brand/site-brand.js';
import { type ContentCoding, preferredEncoding, varyByEncoding } from '#server/common/http/accept-encoding.js';
import { requestLocale } from '#server/common/http/request-locale.js';
import { varyByLanguage } from '#server/common/http/answer-language.js';
import type { DrawnPage, PageRenderer } from './page-render.js';
import { type ManifestRoute, RouteManifest } from './route-manifest.js';

/** The injection token of the process's PageShell (null when no client is served). */
export const PAGE_SHELL = Symbol('PAGE_SHELL');

/** The built client's folder when this process serves it (SERVE_CLIENT and a build present). */
export function servedClientDir(config: Pick<AppConfig, 'SERVE_CLIENT' | 'clientDir'>): string | null {
  return config.SERVE_CLIENT && existsSync(path.join(config.clientDir, 'index.html')) ? config.clientDir : null;
}

/**
 * Whether an unknown GET path is a page of the single-page app rather than a missing file. Files live
 * under /assets/, /media/ and /uploads/ or at the top level (/favicon.svg); deeper paths are pages even
 * with a dot in them, since usernames may hold dots (/profile/vivienne.crane).
 */
export function isPagePath(rawUrl: string): boolean {
  const url = rawUrl.split('?')[0];
  if (/^\/(api|uploads|socket\.io|assets|media)(\/|$)/.test(url)) return false;
  const topLevelFile = url.lastIndexOf('/') === 0 && path.extname(url) !== '' && !url.endsWith('.html');
  return !topLevelFile;
}

/** The marks of the built index.html (client/index.html) between which the server puts a page's head, its drawing and its data. */
const MARKS = {
  head: ['<!--app-head-->', '<!--/app-head-->'],
  html: ['<!--app-html-->', '<!--/app-html-->'],
  data: ['<!--app-data-->', ''],
} as const;

/** The built index.html cut at its marks: the text around them and what each holds by default. */
interface Template {
  beforeHead: string;
  head: string;
  beforeHtml: string;
  html: string;
  beforeData: string;
  afterData: string;
}

/** index.html cut at its marks; null when a mark is missing (a shell the server cannot put a page into). */
export function cutTemplate(index: string): Template | null {
  const at = (mark: string, from: number) => (mark ? index.indexOf(mark, from) : from);
  const headStart = at(MARKS.head[0], 0);
  const headEnd = headStart < 0 ? -1 : at(MARKS.head[1], headStart);
  const htmlStart = headEnd < 0 ? -1 : at(MARKS.html[0], headEnd);
  const htmlEnd = htmlStart < 0 ? -1 : at(MARKS.html[1], htmlStart);
  const data = htmlEnd < 0 ? -1 : at(MARKS.data[0], htmlEnd);
  if (data < 0) return null;
  // The root element holds the page and nothing else: white space around the marks inside it would be
  // text the browser's React does not draw (a hydration mismatch), so it is dropped.
  return {
    beforeHead: index.slice(0, headStart + MARKS.head[0].length),
    head: index.slice(headStart + MARKS.head[0].length, headEnd),
    beforeHtml: index.slice(headEnd, htmlStart).trimEnd() + MARKS.html[0],
    html: index.slice(htmlStart + MARKS.html[0].length, htmlEnd),
    beforeData: MARKS.html[1] + index.slice(htmlEnd + MARKS.html[1].length, data).trimStart() + MARKS.data[0],
    afterData: index.slice(data + MARKS.data[0].length),
  };
}

/** The marks around the app's entry and its preloads in the built head (vite.config.ts), which a drawn page replaces with the after-load entry. */
const SCRIPT_MARKS = ['<!--app-scripts-->', '<!--/app-scripts-->'] as const;

/** `part` with what stands between the script marks replaced by `tags` (the marks kept); as it is without them. */
function withScripts(part: string, tags: string): string {
  const start = part.indexOf(SCRIPT_MARKS[0]);
  const end = start < 0 ? -1 : part.indexOf(SCRIPT_MARKS[1], start);
  return end < 0 ? part : part.slice(0, start + SCRIPT_MARKS[0].length) + tags + part.slice(end);
}

/** Brotli quality for pages made per request: a tenth of a millisecond, nearly as small as quality 11. */
const DRAWN_BROTLI_QUALITY = 4;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The document's opening tag, whose language the server sets (the built index.html says `<html lang="en">`). */
const HTML_LANG = /<html(?: lang="[^"]*")?/;

/** What is sent of one page: as it is, Brotli- and gzip-compressed. */
type Forms = { html: Buffer; br: Buffer; gzip: Buffer };

/** The shells made for one brand: each page route's in each language, made and compressed once at its first request. */
interface BrandShells {
  key: string;
  brand: Brand;
  /** By `<locale> <pattern>`. */
  byPattern: Map<string, Forms>;
  plain: Map<Locale, Forms>;
}

/**
 * The head's part of the site's settings: the name as the default title and application name, the
 * palette from its two colours as CSS variables (an inline style the content security policy allows),
 * so the first paint already has the site's look.
 */
function brandHead(brand: Brand): string {
  const name = escapeAttribute(brand.siteName);
  return `<meta name="application-name" content="${name}">\n    <style id="site-theme">${siteThemeCss(brand.accentColor, brand.backgroundColor)}</style>`;
}

const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

export class PageShell {
  /** The shells of the current brand; made again (lazily, route by route) when the site's settings change. */
  private current: BrandShells | null = null;
  /** The public pages drawn on the server (page-render.ts); null when they are not. */
  private renderer: PageRenderer | null = null;
  /** A drawn page as sent (plain, Brotli, gzip), each made once per drawing and brand. */
  private readonly drawnForms = new WeakMap<DrawnPage, { key: string; forms: Partial<Record<ContentCoding | 'identity', Buffer>> }>();

  private constructor(
    private readonly template: Template,
    readonly manifest: RouteManifest,
    private readonly brand: SiteBrand,
  ) {}

  private static compressed(html: string): Forms {
    const buffer = Buffer.from(html);
    return {
      html: buffer,
      br: brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
      gzip: gzipSync(buffer, { level: constants.Z_BEST_COMPRESSION }),
    };
  }

  /**
   * The shell of the built client in `clientDir`; null when no built client is served (SERVE_CLIENT=false,
   * or nothing built). A build without the marks of index.html or without its route manifest cannot have
   * pages put into it: an error that says so (the server does not start on it). `brand` gives the site's
   * name and colours at each page.
   */
  static load(clientDir: string | null, brand: SiteBrand): PageShell | null {
    const index = clientDir && path.join(clientDir, 'index.html');
    if (!clientDir || !index || !existsSync(index)) return null;
    const template = cutTemplate(readFileSync(index, 'utf8'));
    if (!template)
      throw new Error(
        `${index} lacks the marks the server puts pages between (<!--app-head-->, <!--app-html-->, <!--app-data-->): rebuild the client (npm run build)`,
      );
    const manifest = RouteManifest.read(clientDir);
    if (!manifest) throw new Error(`${clientDir} has no route-manifest.json: rebuild the client (npm run build)`);
    return new PageShell(template, manifest, brand);
  }

  /**
   * The shells of the site's current settings. A change (another key) lets go of every shell and every
   * drawing made before it, so the next page shows the change, in this process as soon as its settings
   * cache has dropped them (at once: the bus).
   */
  private async shells(): Promise<BrandShells> {
    const brand = await this.brand.current();
    const key = brandKey(brand);
    if (this.current?.key !== key) {
      if (this.current) this.renderer?.forget();
      this.current = { key, brand, byPattern: new Map(), plain: new Map() };
    }
    return this.current;
  }

  /** Draws the public pages with `renderer` from now on. */
  drawWith(renderer: PageRenderer): void {
    this.renderer = renderer;
  }

  /** This page drawn by the server in `locale`, or null (page-render.ts). */
  async drawn(url: string, locale: Locale): Promise<DrawnPage | null> {
    return this.renderer ? this.renderer.page(url, locale) : null;
  }

  /**
   * The page at `route` with its parts: the head holds the page's title (a drawing's or the given one, else
   * the route's) and its scripts, the root element the drawing (else the shell's loading screen), and the
   * drawing's data follows the root element. A drawn page is painted without script, so its scripts wait
   * until it has loaded: the shell's entry and preloads give way to the after-load entry, which is given
   * their list (client/src/entry-after-load.ts).
   */
  private compose(brand: Brand, route: ManifestRoute | null, drawn: DrawnPage | null, locale: Locale): string {
    const t = this.template;
    // A page not drawn is named in the reader's language too (the build wrote its title in each one).
    const own = route?.titles?.[locale] ?? route?.title;
    const name = drawn?.title ?? `<title>${escapeText(own ? `${own} | ${brand.siteName}` : brand.siteName)}</title>`;
    const tags = drawn?.head;
    // A page whose head alone was made (the drawings busy) is drawn by the browser: no drawing, no data.
    const body = drawn?.html != null ? drawn : null;
    const links = (route?.scripts ?? []).map((s) => `<link rel="modulepreload" crossorigin href="${s}">`);
    // The shell's own head keeps its default title and description unless the page names its own.
    let head = t.head.replace(/<title>[^<]*<\/title>/, () => name);
    if (tags) head = `${head.replace(/<meta name="description"[^>]*>/, '')}\n    ${tags}`;
    head = `${head}\n    ${brandHead(brand)}`;
    // The browser's bar takes the site's background.
    let beforeHead = t.beforeHead.replace(/<meta name="theme-color" content="[^"]*"/, () => `<meta name="theme-color" content="${brand.backgroundColor}"`);
    beforeHead = beforeHead.replace(HTML_LANG, `<html lang="${locale}"`);
    let { beforeHtml } = t;
    const { afterLoad, app } = this.manifest;
    if (body && afterLoad && app && (beforeHead + beforeHtml).includes(SCRIPT_MARKS[0])) {
      const scripts = [...app.scripts, ...(route?.scripts ?? [])];
      const tag = `<script type="module" crossorigin src="${afterLoad}" data-entry="${app.entry}" data-scripts="${scripts.join(' ')}"></script>`;
      beforeHead = withScripts(beforeHead, tag);
      beforeHtml = withScripts(beforeHtml, tag);
    } else if (links.length) {
      head = `${head}\n    ${links.join('\n    ')}`;
    }
    return `${beforeHead}${head}${beforeHtml}${body ? body.html : t.html}${t.beforeData}${body ? body.data : ''}${t.afterData}`;
  }

  /** GET and HEAD (link checkers and uptime monitors ask for pages that way) of a page path. */
  serves(method: string, url: string): boolean {
    return (method === 'GET' || method === 'HEAD') && isPagePath(url);
  }

  /** Whether this page path is a page of the app (else: 404, with the not-found page). */
  knows(url: string): boolean {
    return this.manifest.match(url.split('?')[0])?.known === true;
  }

  /**
   * The page: drawn by the server when its route is drawn, else its shell; 404 for a path that is no page,
   * or as its route or `status` says. HEAD answers as GET does, without the body (Fastify drops it).
   */
  async send(reply: FastifyReply, url: string, status?: number): Promise<FastifyReply> {
    const shells = await this.shells();
    const locale = requestLocale(reply.request.headers);
    if (this.renderer?.draws(url)) return this.sendDrawn(shells, reply, url, status, locale);
    return this.sendShell(shells, reply, url, status ?? (this.knows(url) ? 200 : 404), locale);
  }

  private async sendDrawn(shells: BrandShells, reply: FastifyReply, url: string, status: number | undefined, locale: Locale): Promise<FastifyReply> {
    const page = await this.drawn(url, locale);
    if (!page) return this.sendShell(shells, reply, url, status ?? (this.knows(url) ? 200 : 404), locale);
    // A page of the table answers as its route says (404 for a profile of no one); any other path 404.
    status ??= this.knows(url) ? page.status : 404;
    const encoding = preferredEncoding(reply.request.headers['accept-encoding']);
    void reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    varyByEncoding(reply);
    varyByLanguage(reply);
    let made = this.drawnForms.get(page);
    if (made?.key !== shells.key) {
      made = { key: shells.key, forms: {} };
      this.drawnForms.set(page, made);
    }
    const { forms } = made;
    const route = this.manifest.match(url.split('?')[0])?.route ?? null;
    const html = (forms.identity ??= Buffer.from(this.compose(shells.brand, route, page, locale)));
    if (encoding === null) return reply.send(html);
    forms[encoding] ??=
      encoding === 'br' ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: DRAWN_BROTLI_QUALITY } }) : gzipSync(html, { level: 6 });
    return reply.header('content-encoding', encoding).send(forms[encoding]);
  }

  private sendShell(shells: BrandShells, reply: FastifyReply, url: string, status: number, locale: Locale): FastifyReply {
    const route = this.manifest.match(url.split('?')[0])?.route;
    const shell = this.shellOf(shells, route?.pattern !== undefined ? route : null, locale);
    const encoding = preferredEncoding(reply.request.headers['accept-encoding']);
    void reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    varyByEncoding(reply);
    varyByLanguage(reply);
    if (encoding === null) return reply.send(shell.html);
    return reply.header('content-encoding', encoding).send(shell[encoding]);
  }

  /** A route's shell for this brand and language (the plain shell for none), made and compressed at its first request. */
  private shellOf(shells: BrandShells, route: ManifestRoute | null, locale: Locale): Forms {
    if (!route) {
      let plain = shells.plain.get(locale);
      if (!plain) shells.plain.set(locale, (plain = PageShell.compressed(this.compose(shells.brand, null, null, locale))));
      return plain;
    }
    const key = `${locale} ${route.pattern}`;
    let forms = shells.byPattern.get(key);
    if (!forms) {
      forms = PageShell.compressed(this.compose(shells.brand, route, null, locale));
      shells.byPattern.set(key, forms);
    }
    return forms;
  }
}
