// The client's route table as the build wrote it (dist/client/route-manifest.json, vite.config.ts):
// every page path pattern with its title (in each language), whether the server draws it, the query parameters it is
// drawn from and the scripts to name in its HTML. The server learns its pages from here, so a new page
// module is served, drawn, preloaded and titled as its handle says without a change on the server.
//
// A path is matched the way the client's router matches it (React Router's own ranking: a static
// segment before a parameter, so /profile/basics is the owner's page and /profile/vera a profile),
// and a path only the catch-all pattern matches is a page that does not exist: 404.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { matchRoutes } from 'react-router';

export interface ManifestRoute {
  pattern: string;
  /** The page's static name in English ('{title} | {product}'), or null when the page names itself from its data. */
  title: string | null;
  /** The same name in each language (by its tag), when the build wrote them; a language without one gets `title`. */
  titles?: Readonly<Record<string, string>> | null;
  draw: boolean;
  query: string[];
  /** The page's own scripts beyond the entry's, named in its HTML as modulepreload links. */
  scripts: string[];
}

interface ManifestFile {
  afterLoad?: string;
  entry?: string;
  entryScripts?: string[];
  routes: ManifestRoute[];
}

/** The app's entry and the scripts it brings, as index.html names them between its script marks. */
export interface AppEntry {
  entry: string;
  scripts: string[];
}

/** A matched page path: its route, and whether it is a page of the table (false: only the catch-all matched). */
export interface PageMatch {
  route: ManifestRoute;
  known: boolean;
}

/** Only our own built files go into a page: a root-relative path of plain characters. */
const SCRIPT_PATH = /^\/assets\/[\w.-]+\.js$/;

/** The pattern of a page that does not exist. */
const CATCH_ALL = /(^|\/)\*$/;

/**
 * Paths whose match is remembered. React Router ranks the whole table on every match (some tens of
 * microseconds), so a page path asked for again is looked up instead; a flood of new paths starts the
 * memory afresh rather than growing it.
 */
const REMEMBERED_PATHS = 4096;

export class RouteManifest {
  private readonly table: { path: string; route: ManifestRoute }[];
  private readonly matches = new Map<string, PageMatch | null>();

  constructor(
    readonly routes: readonly ManifestRoute[],
    /** The entry of pages drawn on the server (client/src/entry-after-load.ts); null when the build names none. */
    readonly afterLoad: string | null,
    /** The app's entry, which a drawn page loads after itself; null when the build names none. */
    readonly app: AppEntry | null = null,
  ) {
    this.table = routes.map((route) => ({ path: route.pattern, route }));
  }

  /** The manifest of the build in `clientDir`; null when there is none (a build from before the manifest, or none). */
  static read(clientDir: string): RouteManifest | null {
    const file = path.join(clientDir, 'route-manifest.json');
    if (!existsSync(file)) return null;
    const data = JSON.parse(readFileSync(file, 'utf8')) as ManifestFile;
    const routes = data.routes.map((route) => ({ ...route, scripts: route.scripts.filter((s) => SCRIPT_PATH.test(s)) }));
    const app =
      data.entry && SCRIPT_PATH.test(data.entry) ? { entry: data.entry, scripts: (data.entryScripts ?? []).filter((s) => SCRIPT_PATH.test(s)) } : null;
    return new RouteManifest(routes, data.afterLoad && SCRIPT_PATH.test(data.afterLoad) ? data.afterLoad : null, app);
  }

  /** The route of this page path (without its query), as the client's router would match it; null when nothing matches. */
  match(pathname: string): PageMatch | null {
    const remembered = this.matches.get(pathname);
    if (remembered !== undefined) return remembered;
    const matched = matchRoutes(this.table, pathname)?.at(-1)?.route.route;
    const found = matched ? { route: matched, known: !CATCH_ALL.test(matched.pattern) } : null;
    if (this.matches.size >= REMEMBERED_PATHS) this.matches.clear();
    this.matches.set(pathname, found);
    return found;
  }
}
