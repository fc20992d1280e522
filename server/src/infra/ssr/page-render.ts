// The public pages drawn on the server (docs/decisions/020-server-drawn-public-pages.md): the pages
// whose route says `draw` (the route manifest: the landing page, the leaderboards, profiles, vote pages,
// the support and content pages, the not-found page) come with their first view in the HTML, so a phone
// paints them before any script has arrived, and the browser hydrates that drawing instead of drawing
// the page again.
//
// The drawing is the client's own code (client/src/entry-server.tsx, built to dist/ssr), loaded once
// at start. Its loaders read the API in-process (`fetch` given here), as a visitor who is not signed in,
// then it renders once. A drawing is kept a few seconds per address and answered stale while the next
// one is made, so a busy page costs one drawing every few seconds; the live pages refetch what changed
// once their socket has joined. Whatever goes wrong (no build, a failed or busy drawing) ends in the
// plain shell, which the browser draws itself as before.
//
// An address with a query is drawn by the query parameters its route reads (`query` in the manifest):
// `/vote/1?type=free` has its own drawing, while `/?utm_source=x` or a payment return to a profile share
// the drawing of the bare path. A path has at most a few such variants at once, so made-up values
// (`?page=12345`) cannot fill the cache. Every path that is no page shares one drawing of the not-found page.
//
// A page is drawn in the language the request chose (common/http/request-locale.ts): each language has
// its own drawing of an address, kept under the address and the language.
import type { Logger } from '@nestjs/common';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_LOCALE, type Locale, SERVER_RENDER_DATA_ID } from '#contract/site/constants.js';
import { TtlCache } from '#server/common/ttl-cache.js';
import type { RouteManifest } from './route-manifest.js';

type Fetch = typeof globalThis.fetch;

/** What a page's route says beyond its drawing: more head elements (a profile's preview tags) and its status. */
interface PageHead {
  head: string | null;
  status: number;
}

/** What dist/ssr/entry-server.js exports. */
export interface ServerRenderModule {
  /** The page drawn in `locale` with its data, its title and its route's head and status. */
  render(
    url: string,
    options: { fetch: Fetch; origin: string; locale: Locale },
  ): Promise<({ html: string; title: string | null; data: unknown } & PageHead) | null>;
  /** The page's route's head and status without drawing it (its loaders and `meta` only). */
  head(url: string, options: { fetch: Fetch; origin: string }): Promise<PageHead | null>;
}

/** The address every path that is no page is drawn at: the not-found page does not depend on the path. */
export const NOT_FOUND_ADDRESS = '/404';

/** A drawing is fresh this long, and answered (while the next is made) this much longer. */
const FRESH_MS = 2_000;
const STALE_MS = 30_000;
/** Addresses remembered at once; each is a page of 10-40 KB. */
const MAX_PAGES = 500;
/** Drawings of one path with a query of its own (`?page=2`, `?type=free`) kept at once, beside the bare path's. */
const MAX_VARIANTS = 8;
/**
 * Drawings in progress at once. A drawing takes the event loop for some milliseconds per pass, so
 * beyond this a page goes out as the plain shell (the browser draws it): a flood of new addresses
 * cannot make the server draw without end.
 */
const MAX_DRAWING = 3;
/**
 * Heads made without a drawing at once (while the drawings are busy): a link scraper still gets a
 * profile's preview tags and a profile of no one its 404. Reading the page's data is cheap beside
 * drawing it, but not free: beyond this the page goes out as the plain shell.
 */
const MAX_HEADS = 16;

/** A route's head: <meta> and <link> elements only, nothing that runs or shows. */
const HEAD_ELEMENTS = /^(?:\s*<(?:meta|link)\s[^<>]*>)*\s*$/;
/** The statuses a route may give its page. */
const STATUSES = new Set([200, 404]);

/**
 * The address a drawing of `url` is made and kept under: its path, and of its query only the parameters
 * the page reads (`own`), each with its first value as the page reads it (an empty one as absent), in a
 * fixed order. Anything else (tracking tags, a payment return's ids) shares the drawing of the path.
 */
export function drawingAddress(url: string, own: readonly string[]): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const path = url.slice(0, at);
  const query = new URLSearchParams(url.slice(at + 1));
  const kept = new URLSearchParams();
  for (const name of [...own].sort()) {
    const value = query.get(name);
    if (value) kept.set(name, value);
  }
  return kept.size ? `${path}?${kept.toString()}` : path;
}

/** JSON that may stand inside HTML: no '<' can close the block or open a comment. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * A page as the server sends it: its drawing for the root element (null when only its head was made), the
 * data block that goes after the element, its <title>, its route's further head elements and its status.
 */
export interface DrawnPage extends PageHead {
  html: string | null;
  data: string;
  title: string | null;
}

class Busy extends Error {}

/** A <title> element as React writes one (its text escaped): nothing else goes into the head. */
const TITLE_ELEMENT = /^<title>[^<]*<\/title>$/;

export class PageRenderer {
  private readonly drawings: TtlCache<string, DrawnPage | null>;
  /** Per path, its variants with a query (drawing address → until when it counts), at most MAX_VARIANTS. */
  private readonly variants = new Map<string, Map<string, number>>();
  private drawing = 0;
  private heads = 0;

  constructor(
    private readonly module: ServerRenderModule,
    private readonly manifest: RouteManifest,
    private readonly fetch: Fetch,
    private readonly origin: string,
    private readonly logger: Pick<Logger, 'warn'>,
    private readonly now: () => number = Date.now,
    /** Whether pages are drawn (SERVER_RENDER); without, only their heads are made (and kept). */
    private readonly bodies = true,
    /** Told of each cache lookup: whether the page was kept already (for metrics). */
    private readonly onLookup: (hit: boolean) => void = () => undefined,
  ) {
    this.drawings = new TtlCache<string, DrawnPage | null>(FRESH_MS, MAX_PAGES, now, STALE_MS);
  }

  /** The drawing module of a build (dist/ssr), or null when there is none. */
  static async loadModule(ssrDir: string): Promise<ServerRenderModule | null> {
    const entry = path.join(ssrDir, 'entry-server.js');
    if (!existsSync(entry)) return null;
    return (await import(pathToFileURL(entry).href)) as ServerRenderModule;
  }

  /** Whether this address is drawn (or, with SERVER_RENDER off, its head made): its route says so, whatever its query. */
  draws(url: string): boolean {
    return this.manifest.match(url.split('?')[0])?.route.draw === true;
  }

  /**
   * This address drawn, or only its head when the drawings are busy or failed (or pages are not drawn);
   * null when the page is not one drawn here, or nothing could be made. Drawings (or, without them, heads)
   * are kept in one cache by address; a head made because the drawings were busy is not kept.
   */
  async page(url: string, locale: Locale = DEFAULT_LOCALE): Promise<DrawnPage | null> {
    const pathname = url.split('?')[0];
    const match = this.manifest.match(pathname);
    if (!match?.route.draw) return null;
    const address = match.known ? drawingAddress(url, match.route.query) : NOT_FOUND_ADDRESS;
    if (!this.admits(address.split('?')[0], address)) return null;
    try {
      let made = false;
      const page = await this.drawings.get(`${locale} ${address}`, () => {
        made = true;
        return this.bodies ? this.draw(address, locale) : this.headOnly(address);
      });
      this.onLookup(!made);
      return page;
    } catch (err) {
      if (!(err instanceof Busy)) this.logger.warn(`drawing ${url} failed: ${(err as Error).message}`);
      if (!this.bodies) return null;
      return this.headOnly(address).catch((headErr: Error) => {
        if (!(headErr instanceof Busy)) this.logger.warn(`the head of ${url} failed: ${headErr.message}`);
        return null;
      });
    }
  }

  /**
   * Whether `address` may have a drawing: the bare path always, a variant with a query while its path
   * has fewer than MAX_VARIANTS others asked for within a drawing's lifetime (beyond, the browser draws it).
   */
  private admits(pathname: string, address: string): boolean {
    if (address === pathname) return true;
    const now = this.now();
    let kept = this.variants.get(pathname);
    if (!kept) {
      // Bounded like the drawings: a flood of paths starts the count afresh rather than growing it.
      if (this.variants.size >= MAX_PAGES) this.variants.clear();
      kept = new Map();
      this.variants.set(pathname, kept);
    }
    for (const [other, until] of kept) if (until <= now) kept.delete(other);
    if (!kept.has(address) && kept.size >= MAX_VARIANTS) return false;
    kept.set(address, now + FRESH_MS + STALE_MS);
    return true;
  }

  private async draw(url: string, locale: Locale): Promise<DrawnPage | null> {
    if (this.drawing >= MAX_DRAWING) throw new Busy();
    this.drawing++;
    try {
      const drawn = await this.module.render(url, { fetch: this.fetch, origin: this.origin, locale });
      if (!drawn) return null;
      // A part that failed on the server is marked for the browser to draw: not a drawing to send.
      if (drawn.html.includes('<!--$!-->')) throw new Error('a part of the page failed on the server');
      return {
        html: drawn.html,
        data: `<script type="application/json" id="${SERVER_RENDER_DATA_ID}">${jsonForHtml(drawn.data)}</script>`,
        title: drawn.title && TITLE_ELEMENT.test(drawn.title) ? drawn.title : null,
        ...checkedHead(drawn),
      };
    } finally {
      this.drawing--;
    }
  }

  /** The page's head and status only, its root element left to the browser. */
  private async headOnly(url: string): Promise<DrawnPage | null> {
    if (this.heads >= MAX_HEADS) throw new Busy();
    this.heads++;
    try {
      const made = await this.module.head(url, { fetch: this.fetch, origin: this.origin });
      return made && { html: null, data: '', title: null, ...checkedHead(made) };
    } finally {
      this.heads--;
    }
  }
}

/** A route's head and status as sent: anything but <meta> and <link> elements, or another status, is dropped. */
function checkedHead({ head, status }: PageHead): PageHead {
  return { head: head && HEAD_ELEMENTS.test(head) ? head : null, status: STATUSES.has(status) ? status : 200 };
}
