// The single-page app's shell (dist/client/index.html), read once at start and answered from memory
// for every page path: by the router's not-found handler (create-app.ts) for paths no route has, by
// the exception filter for a page route that found nothing (a profile of no contestant), and by the
// share module for profile pages (with the contestant's preview tags). A rebuilt client is served
// after a restart (npm start rebuilds what is stale, then starts).
//
// The public pages people arrive on from a link also name their scripts in the page
// (`<link rel="modulepreload">`, listed at build in page-preloads.json by vite.config.ts), so a phone
// fetches them beside the entry script instead of after it has run.
//
// Each shell is compressed once at start (Brotli 11 and gzip 9, as the build does for files) and sent
// as the browser accepts: 1.2-2.8 KB of HTML become 0.4-0.9 KB.
//
// The public pages are drawn on the server (page-render.ts, decision 020): their shell carries the
// drawing in its root element and the page's <title>, and names the after-load entry instead of the
// app's scripts. `send` answers a drawn page when there is one (with or without a query: the drawing
// is chosen by the query parameters its page reads), and the plain shell otherwise.
import type { FastifyReply } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AppConfig } from '#server/config/config.js';
import { type ContentCoding, preferredEncoding, varyByEncoding } from './accept-encoding.js';
import type { DrawnPage, PageRenderer } from './page-render.js';

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

interface PreloadList {
  pages: { pattern: string; scripts: string[] }[];
  /** The entry of drawn pages (client/src/entry-after-load.ts). */
  afterLoad?: string;
}

interface PageVariant {
  pattern: RegExp;
  html: Buffer;
}

/** Only our own built files go into the page: a root-relative path of plain characters. */
const SCRIPT_PATH = /^\/assets\/[\w.-]+\.js$/;

function readPreloads(file: string): { pages: PreloadList['pages']; afterLoad: string | null } {
  if (!existsSync(file)) return { pages: [], afterLoad: null };
  const list = JSON.parse(readFileSync(file, 'utf8')) as PreloadList;
  return {
    pages: list.pages.filter((p) => p.scripts.every((s) => SCRIPT_PATH.test(s))),
    afterLoad: list.afterLoad && SCRIPT_PATH.test(list.afterLoad) ? list.afterLoad : null,
  };
}

/** The module scripts a shell names: its entry, and the modulepreload links. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** The root element of the built shell (the last element of its body), with the 'Loading...' screen it holds until the app starts. */
const ROOT_ELEMENT = /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/;

/** The shell's title (its first: the one the browser shows). */
const TITLE = /<title>[\s\S]*?<\/title>/i;

/** Brotli quality for pages made per request: a tenth of a millisecond, nearly as small as quality 11. */
const DRAWN_BROTLI_QUALITY = 4;

export class PageShell {
  /** Every shell's Brotli and gzip forms. */
  private readonly compressed = new Map<Buffer, Record<ContentCoding, Buffer>>();
  /** The public pages drawn on the server (page-render.ts); null when they are not. */
  private renderer: PageRenderer | null = null;
  /** A drawn page as sent (plain, Brotli, gzip), each made once per drawing. */
  private readonly drawnForms = new WeakMap<DrawnPage, Partial<Record<ContentCoding | 'identity', Buffer>>>();

  private constructor(
    private readonly plain: Buffer,
    private readonly variants: PageVariant[],
    private readonly afterLoad: string | null,
  ) {
    for (const html of [plain, ...variants.map((v) => v.html)]) {
      this.compressed.set(html, {
        br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        gzip: gzipSync(html, { level: constants.Z_BEST_COMPRESSION }),
      });
    }
  }

  /** null when no built client is served (SERVE_CLIENT=false, or nothing built). */
  static load(clientDir: string | null): PageShell | null {
    const index = clientDir && path.join(clientDir, 'index.html');
    if (!clientDir || !index || !existsSync(index)) return null;
    const shell = readFileSync(index, 'utf8');
    const preloads = readPreloads(path.join(clientDir, 'page-preloads.json'));
    const variants = preloads.pages.map(({ pattern, scripts }) => {
      const links = scripts.map((s) => `<link rel="modulepreload" crossorigin href="${s}">`).join('\n    ');
      return { pattern: new RegExp(pattern), html: Buffer.from(shell.replace(/<\/head>/i, () => `  ${links}\n  </head>`)) };
    });
    return new PageShell(Buffer.from(shell), variants, preloads.afterLoad);
  }

  /** Draws the public pages with `renderer` from now on (when the shell has its root element to put them in). */
  drawWith(renderer: PageRenderer): boolean {
    if (!ROOT_ELEMENT.test(this.plain.toString('utf8'))) return false;
    this.renderer = renderer;
    return true;
  }

  /** This page drawn by the server, or null (page-render.ts). */
  async drawn(url: string): Promise<DrawnPage | null> {
    return this.renderer ? this.renderer.page(url) : null;
  }

  /**
   * A shell (this one, or one with a profile's preview tags) with the drawn page in its root element.
   * The page is painted without script, so its scripts wait until it has loaded: the shell's entry and
   * preloads give way to the after-load entry, which is given their list (client/src/entry-after-load.ts).
   */
  withDrawing(shell: string, page: DrawnPage): string {
    let drawn = shell.replace(ROOT_ELEMENT, () => `<div id="root">${page.html}</div>${page.data}`);
    // The page's own title, which the browser's React then keeps (it takes over the head's <title>).
    if (page.title) drawn = drawn.replace(TITLE, () => page.title!);
    const afterLoad = this.afterLoad;
    if (!afterLoad || !ENTRY_SCRIPT.test(drawn)) return drawn;
    const scripts = [...drawn.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
    return drawn
      .replace(MODULE_PRELOAD, '')
      .replace(
        ENTRY_SCRIPT,
        (_tag, entry: string) => `<script type="module" crossorigin src="${afterLoad}" data-entry="${entry}" data-scripts="${scripts.join(' ')}"></script>`,
      );
  }

  /** GET and HEAD (link checkers and uptime monitors ask for pages that way) of a page path. */
  serves(method: string, url: string): boolean {
    return (method === 'GET' || method === 'HEAD') && isPagePath(url);
  }

  /** The shell for this page path, with its scripts named when it is one of the listed pages. */
  html(url: string): Buffer {
    const pathname = url.split('?')[0];
    return this.variants.find((v) => v.pattern.test(pathname))?.html ?? this.plain;
  }

  /** The page: drawn by the server when it is one of the drawn public pages (GET), else the shell. */
  send(reply: FastifyReply, url: string): FastifyReply | Promise<FastifyReply> {
    if (this.renderer?.draws(url) && reply.request.method === 'GET') return this.sendDrawn(reply, url);
    return this.sendShell(reply, url);
  }

  private async sendDrawn(reply: FastifyReply, url: string): Promise<FastifyReply> {
    const page = await this.drawn(url);
    if (!page) return this.sendShell(reply, url);
    const encoding = preferredEncoding(reply.request.headers['accept-encoding']);
    void reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    varyByEncoding(reply);
    const forms = this.drawnForms.get(page) ?? {};
    this.drawnForms.set(page, forms);
    const html = (forms.identity ??= Buffer.from(this.withDrawing(this.html(url).toString('utf8'), page)));
    if (encoding === null) return reply.send(html);
    forms[encoding] ??=
      encoding === 'br' ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: DRAWN_BROTLI_QUALITY } }) : gzipSync(html, { level: 6 });
    return reply.header('content-encoding', encoding).send(forms[encoding]);
  }

  private sendShell(reply: FastifyReply, url: string): FastifyReply {
    const html = this.html(url);
    const encoding = preferredEncoding(reply.request.headers['accept-encoding']);
    void reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    varyByEncoding(reply);
    if (encoding === null) return reply.send(html);
    return reply.header('content-encoding', encoding).send(this.compressed.get(html)![encoding]);
  }
}
