// The single-page app's shell (dist/client/index.html), read once at start and answered from memory
// for every page path: by the router's not-found handler (create-app.ts) for paths no route has, and
// by the exception filter for a page route that found nothing (a profile of no contestant). A rebuilt
// client is served after a restart (npm start rebuilds what is stale, then starts).
import type { FastifyReply } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

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

export class PageShell {
  private constructor(private readonly html: Buffer) {}

  /** null when no built client is served (SERVE_CLIENT=false, or nothing built). */
  static load(clientDir: string | null): PageShell | null {
    const index = clientDir && path.join(clientDir, 'index.html');
    return index && existsSync(index) ? new PageShell(readFileSync(index)) : null;
  }

  /** GET and HEAD (link checkers and uptime monitors ask for pages that way) of a page path. */
  serves(method: string, url: string): boolean {
    return (method === 'GET' || method === 'HEAD') && isPagePath(url);
  }

  send(reply: FastifyReply): void {
    void reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(this.html);
  }
}
