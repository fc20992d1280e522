// The public pages drawn on the server (issue 13 §1; docs/decisions/020-server-drawn-public-pages.md):
// the landing page, the leaderboards, profiles, vote pages and the support and content pages come
// with their first view in the HTML, so a phone paints them before any script has arrived, and the
// browser hydrates that drawing instead of drawing the page again.
//
// The drawing is the client's own code (client/src/entry-server.tsx, built to dist/ssr), loaded once
// at start. It reads the API in-process (`fetch` given here), as a visitor who is not signed in.
// A drawing is kept a few seconds per address and answered stale while the next one is made, so a
// busy page costs one drawing every few seconds; the live pages refetch what changed once their
// socket has joined. Whatever goes wrong (no build, a failed or busy drawing) ends in the plain
// shell, which the browser draws itself as before.
import type { Logger } from '@nestjs/common';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_RENDER_DATA_ID } from '#contract/constants.js';
import { RESERVED_USERNAMES } from '#contract/auth-schemas.js';
import { TtlCache } from '../ttl-cache.js';

type Fetch = typeof globalThis.fetch;

/** What dist/ssr/entry-server.js exports. */
export interface ServerRenderModule {
  render(url: string, options: { fetch: Fetch; origin: string }): Promise<{ html: string; data: unknown } | null>;
}

/** The pages drawn on the server: the public pages people arrive on from a link or a search. */
const DRAWN_PAGES = [
  /^\/$/,
  /^\/leaderboard(?:\/group\/\d+)?\/?$/,
  /^\/profile\/(?:2025\/)?[^/]+\/?$/,
  /^\/vote\/\d+\/?$/,
  /^\/(?:contact-)?support\/?$/,
  /^\/(?:about-us|privacy-policy|terms-of-service)\/?$/,
  /^\/competitions(?:\/[\w-]+)?\/?$/,
];

/** A drawing is fresh this long, and answered (while the next is made) this much longer. */
const FRESH_MS = 2_000;
const STALE_MS = 30_000;
/** Addresses remembered at once; each is a page of 10-40 KB. */
const MAX_PAGES = 500;
/**
 * Drawings in progress at once. A drawing takes the event loop for some milliseconds per pass, so
 * beyond this a page goes out as the plain shell (the browser draws it): a flood of new addresses
 * cannot make the server draw without end.
 */
const MAX_DRAWING = 3;

/** Whether a page path (without its query) is one the server draws. */
export function drawsPage(pathname: string): boolean {
  if (!DRAWN_PAGES.some((page) => page.test(pathname))) return false;
  // /profile/basics and its siblings are the owner's pages, not a contestant's.
  const profile = /^\/profile\/([^/]+)\/?$/.exec(pathname);
  return !profile || !RESERVED_USERNAMES.includes(decodeURIComponent(profile[1]).toLowerCase());
}

/** JSON that may stand inside HTML: no '<' can close the block or open a comment. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** A page drawn for the root element: its markup, and the data block that goes after the element. */
export interface DrawnPage {
  html: string;
  data: string;
}

class Busy extends Error {}

export class PageRenderer {
  private readonly drawings = new TtlCache<string, DrawnPage | null>(FRESH_MS, MAX_PAGES, Date.now, STALE_MS);
  private drawing = 0;

  constructor(
    private readonly module: ServerRenderModule,
    private readonly fetch: Fetch,
    private readonly origin: string,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  /** The drawing module of a build (dist/ssr), or null when there is none. */
  static async loadModule(ssrDir: string): Promise<ServerRenderModule | null> {
    const entry = path.join(ssrDir, 'entry-server.js');
    if (!existsSync(entry)) return null;
    return (await import(pathToFileURL(entry).href)) as ServerRenderModule;
  }

  /** Whether this address is drawn: a listed page, asked for without a query (a query goes to the browser). */
  draws(url: string): boolean {
    return !url.includes('?') && drawsPage(url);
  }

  /** This address drawn, or null: the page is not one drawn here, the drawing failed, or too many are in progress. */
  async page(url: string): Promise<DrawnPage | null> {
    if (!this.draws(url)) return null;
    try {
      return await this.drawings.get(url, () => this.draw(url));
    } catch (err) {
      if (!(err instanceof Busy)) this.logger.warn(`drawing ${url} failed: ${(err as Error).message}`);
      return null;
    }
  }

  private async draw(url: string): Promise<DrawnPage | null> {
    if (this.drawing >= MAX_DRAWING) throw new Busy();
    this.drawing++;
    try {
      const drawn = await this.module.render(url, { fetch: this.fetch, origin: this.origin });
      if (!drawn) return null;
      // A part that failed on the server is marked for the browser to draw: not a drawing to send.
      if (drawn.html.includes('<!--$!-->')) throw new Error('a part of the page failed on the server');
      return { html: drawn.html, data: `<script type="application/json" id="${SERVER_RENDER_DATA_ID}">${jsonForHtml(drawn.data)}</script>` };
    } finally {
      this.drawing--;
    }
  }
}
