import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip, gzipSync } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transform as swcTransform } from '@swc/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import ts from 'typescript';

const outDir = fileURLToPath(new URL('./dist/client', import.meta.url));
const sourceMapsDir = fileURLToPath(new URL('./dist/sourcemaps', import.meta.url));

/**
 * Source maps are built (for reading error reports) but never served: the bundles carry no
 * sourceMappingURL ('hidden') and the .map files move from dist/client to dist/sourcemaps.
 */
function keepSourceMapsPrivate(): Plugin {
  return {
    name: 'keep-source-maps-private',
    apply: 'build',
    async buildStart() {
      await rm(sourceMapsDir, { recursive: true, force: true });
    },
    async writeBundle(_options, bundle) {
      for (const name of Object.keys(bundle).filter((n) => n.endsWith('.map'))) {
        const target = path.join(sourceMapsDir, name);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(path.join(outDir, name), target);
      }
    },
  };
}

/**
 * The Lingui macro plugin for swc, with the same options as the client tests' swc (jest.config.js). Each
 * text keeps its English beside its id (`descriptorFields: 'message'`): English is read from the code,
 * in the chunk of the page that shows it, so the first load carries no catalog of every page's texts.
 */
const LINGUI_SWC_PLUGIN: [string, Record<string, unknown>] = ['@lingui/swc-plugin', { useLinguiV5IdGeneration: true, descriptorFields: 'message' }];

/**
 * Lingui's macros (`<Trans>`, `t`, `msg` from `@lingui/*\/macro`) become catalog lookups by message id
 * before the React plugin sees the file: swc with the Lingui plugin only, types stripped and JSX kept.
 * (@vitejs/plugin-react 6 runs no Babel; the Lingui Babel route needs a newer Node than the app's.)
 * A production build keeps only the ids: the English texts come from the English catalog.
 */
function linguiMacros(): Plugin {
  return {
    name: 'lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0];
      if (!/\.[cm]?[jt]sx?$/.test(file) || file.includes('/node_modules/') || !/from ['"]@lingui\/(core|react)\/macro['"]/.test(code)) return null;
      const out = await swcTransform(code, {
        filename: file,
        sourceMaps: true,
        swcrc: false,
        configFile: false,
        jsc: {
          target: 'esnext',
          parser: { syntax: 'typescript', tsx: /x$/.test(file) },
          transform: { react: { runtime: 'preserve' } },
          experimental: { plugins: [LINGUI_SWC_PLUGIN] },
        },
        module: { type: 'es6' },
      });
      return { code: precompileEnglish(out.code, file), map: out.map };
    },
  };
}

/**
 * Each text's English, kept by the macros beside its id, is replaced by its compiled ICU form, so the
 * browser shows English without a catalog and without the message compiler. A descriptor whose English
 * is not a plain string literal fails the build: the browser could not show it.
 */
function precompileEnglish(code: string, file: string): string {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JSX);
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      const props = new Map(node.properties.filter(ts.isPropertyAssignment).map((p) => [p.name.getText(source), p.initializer]));
      const id = props.get('id');
      const message = props.get('message');
      if (id && message && ts.isStringLiteral(id)) {
        if (!ts.isStringLiteral(message)) throw new Error(`${file}: the English of text ${id.text} is not a string literal`);
        edits.push({ start: message.getStart(source), end: message.getEnd(), text: JSON.stringify(compileMessage(message.text)) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt']);
/** Below this a compressed copy saves less than a packet. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Every text asset gets a Brotli (.br) and a gzip (.gz) copy beside it, made once at build at the
 * highest levels; the server sends whichever the browser accepts (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'precompress',
    apply: 'build',
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((f) => f.isFile() && COMPRESSIBLE.has(path.extname(f.name)))
        .map((f) => path.join(f.parentPath, f.name));
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(file);
          if (data.length < COMPRESS_MIN_BYTES) return;
          const [b, g] = await Promise.all([
            br(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gz(data, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, b), writeFile(`${file}.gz`, g)]);
        }),
      );
    },
  };
}

/**
 * The bundle's script chunks, its entry, and `loads(file)`: the files a chunk brings with it (itself
 * and its static imports, transitively), leaving out `skip`.
 */
const afterLoadEntry = fileURLToPath(new URL('./client/src/entry-after-load.ts', import.meta.url));

function chunkGraph(bundle: Rolldown.OutputBundle) {
  const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
  // The app's entry (index.html → main.tsx), not the after-load entry of drawn pages.
  const entry = [...chunks.values()].find((c) => c.isEntry && c.facadeModuleId !== afterLoadEntry);
  const loads = (start: string, skip: Set<string> = new Set()) => {
    const files = new Set<string>();
    const visit = (name: string) => {
      if (files.has(name) || skip.has(name)) return;
      files.add(name);
      chunks.get(name)?.imports.forEach(visit);
    };
    visit(start);
    return files;
  };
  return { chunks, entry, loads };
}

const routesDir = fileURLToPath(new URL('./client/src/app/routes/', import.meta.url));
/** Where the client build leaves each page module's scripts for the server build's route manifest. */
const routeScriptsFile = path.join(outDir, '.vite', 'route-scripts.json');

/**
 * Writes the app's entry and the scripts it brings (which index.html names), per page module
 * (client/src/app/routes/<page>.ts) the scripts it needs beyond those, and the entry of pages drawn on
 * the server (entry-after-load.ts). The server build joins them with the route table into the route
 * manifest (routeManifest below). In index.html, the entry's tags Vite wrote go between the marks
 * <!--app-scripts--> and <!--/app-scripts-->, which a drawn page replaces with the after-load entry; a
 * build whose index.html does not name its entry as expected fails here, rather than a server later.
 */
function routeScripts(): Plugin {
  return {
    name: 'route-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.chunk) return html;
        const entryTag = `<script type="module" crossorigin src="/${ctx.chunk.fileName}"></script>`;
        const at = html.indexOf(entryTag);
        if (at < 0) throw new Error(`route-scripts: the built index.html does not name its entry as ${entryTag}`);
        // The modulepreload links Vite writes right after the entry belong with it.
        const preload = /\s*<link rel="modulepreload" crossorigin href="\/assets\/[\w.-]+\.js">/y;
        let end = at + entryTag.length;
        preload.lastIndex = end;
        while (preload.exec(html)) end = preload.lastIndex;
        return `${html.slice(0, at)}<!--app-scripts-->${html.slice(at, end)}<!--/app-scripts-->${html.slice(end)}`;
      },
    },
    async generateBundle(_options, bundle) {
      const { chunks, entry, loads } = chunkGraph(bundle);
      if (!entry) return;
      const initial = loads(entry.fileName);
      const pages: Record<string, string[]> = {};
      for (const chunk of chunks.values()) {
        const id = chunk.facadeModuleId;
        if (!id || path.dirname(id) !== path.resolve(routesDir)) continue;
        pages[path.basename(id).replace(/\.tsx?$/, '')] = [...loads(chunk.fileName, initial)].map((f) => `/${f}`);
      }
      const afterLoad = [...chunks.values()].find((c) => c.isEntry && c.facadeModuleId === afterLoadEntry);
      if (!afterLoad) this.error('route-scripts: no chunk for entry-after-load.ts');
      await mkdir(path.dirname(routeScriptsFile), { recursive: true });
      const entryScripts = [...initial].filter((f) => f !== entry.fileName).map((f) => `/${f}`);
      await writeFile(routeScriptsFile, JSON.stringify({ pages, afterLoad: `/${afterLoad.fileName}`, entry: `/${entry.fileName}`, entryScripts }));
    },
  };
}

/**
 * `dist/client/route-manifest.json`, which the server reads at start: every path pattern of the route
 * table with its page's handle (drawn or not, its title in each language, the query parameters it is drawn from) and the
 * scripts to name in its HTML. Made from the route table itself (the server build's `routeTable`), so a
 * new page module is drawn, preloaded and titled as its handle says without touching the server.
 */
function routeManifest(): Plugin {
  return {
    name: 'route-manifest',
    apply: 'build',
    async closeBundle() {
      const built = path.join(fileURLToPath(new URL('./dist/ssr', import.meta.url)), 'entry-server.js');
      const { routeTable, titlesOf } = (await import(pathToFileURL(built).href)) as {
        routeTable: () => Promise<{ pattern: string; page: string | null; handle: { title?: object; draw?: boolean; query?: string[]; preload?: boolean } }[]>;
        titlesOf: (title: object) => Record<string, string>;
      };
      const scripts = JSON.parse(await readFile(routeScriptsFile, 'utf8')) as {
        pages: Record<string, string[]>;
        afterLoad: string;
        entry: string;
        entryScripts: string[];
      };
      const routes = (await routeTable()).map(({ pattern, page, handle }) => {
        const own = page ? scripts.pages[page] : [];
        // The landing page is part of the entry: no chunk of its own.
        if (page && page !== 'landing' && !own) throw new Error(`route-manifest: no chunk for the page module ${page}`);
        // The title in every language (English also on its own, the name every reader gets when their language has none).
        const titles = handle.title ? titlesOf(handle.title) : null;
        return {
          pattern,
          title: titles?.en ?? null,
          titles,
          draw: handle.draw === true,
          query: handle.query ?? [],
          scripts: handle.draw || handle.preload ? (own ?? []) : [],
        };
      });
      const { afterLoad, entry, entryScripts } = scripts;
      await writeFile(path.join(outDir, 'route-manifest.json'), `${JSON.stringify({ afterLoad, entry, entryScripts, routes }, null, 2)}\n`);
    },
  };
}

/** Scripts the landing page loads before it can render: the entry and what it imports statically. */
const INITIAL_SCRIPT_BUDGET_KB = 170;

/**
 * Prints the gzip size of the first load's scripts (at most 170 KB on `/`) and fails the
 * build above it, so a heavy import in the entry is noticed when it is made, not on a phone.
 */
function initialScriptBudget(): Plugin {
  return {
    name: 'initial-script-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const { chunks, entry, loads } = chunkGraph(bundle);
      if (!entry) return;
      const files = loads(entry.fileName);
      const bytes = [...files].reduce((sum, name) => sum + gzipSync(chunks.get(name)!.code, { level: 9 }).length, 0);
      const kb = bytes / 1024;
      this.info(`initial JS on /: ${kb.toFixed(1)} KB gzip in ${files.size} files (budget ${INITIAL_SCRIPT_BUDGET_KB} KB)`);
      if (kb > INITIAL_SCRIPT_BUDGET_KB) this.error(`initial JS on / is ${kb.toFixed(1)} KB gzip, over the ${INITIAL_SCRIPT_BUDGET_KB} KB budget`);
    },
  };
}

/**
 * Libraries in chunks of their own, so a release that changes only our code leaves them cached:
 * the React core and the Redux store (every page needs both), the socket client and the dialog
 * primitives (loaded with the pages that use them). The icons in use (each imported by name, 7 KB
 * gzip together) are one chunk instead of a dozen sub-kilobyte files per page; zod stays with the
 * forms that use it.
 */
const VENDOR_CHUNKS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 30 },
  {
    name: 'redux',
    test: /node_modules[\\/](@reduxjs|immer|redux|redux-thunk|reselect|react-redux|use-sync-external-store|@standard-schema)[\\/]/,
    priority: 20,
  },
  {
    name: 'socket',
    test: /node_modules[\\/](socket\.io-client|engine\.io-client|socket\.io-parser|engine\.io-parser|@socket\.io|xmlhttprequest-ssl)[\\/]/,
    priority: 10,
  },
  {
    name: 'dialog',
    test: /node_modules[\\/](@radix-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|tslib|get-nonce|detect-node-es)[\\/]/,
    priority: 10,
  },
  { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 5 },
];

const alias = [
  { find: /^@\//, replacement: fileURLToPath(new URL('./client/src/', import.meta.url)) },
  { find: /^#contract\//, replacement: fileURLToPath(new URL('./contract/', import.meta.url)) },
];

/**
 * `vite build --ssr`: the server's drawing of the public pages (client/src/entry-server.tsx), a Node
 * module in dist/ssr that the API server imports at start. Libraries stay in node_modules; our code
 * and the contract are bundled.
 */
const serverRenderBuild = defineConfig({
  root: 'client',
  plugins: [linguiMacros(), react(), routeManifest()],
  resolve: { alias },
  build: {
    outDir: fileURLToPath(new URL('./dist/ssr', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
    rolldownOptions: { input: fileURLToPath(new URL('./client/src/entry-server.tsx', import.meta.url)) },
  },
});

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverRenderBuild
    : {
        root: 'client',
        plugins: [linguiMacros(), react(), tailwindcss(), keepSourceMapsPrivate(), precompress(), initialScriptBudget(), routeScripts()],
        resolve: { alias },
        build: {
          outDir,
          emptyOutDir: true,
          sourcemap: 'hidden',
          rolldownOptions: {
            // The app (index.html → main.tsx), and the entry of pages drawn on the server, which loads it after the page.
            input: { index: fileURLToPath(new URL('./client/index.html', import.meta.url)), 'after-load': afterLoadEntry },
            output: { codeSplitting: { groups: VENDOR_CHUNKS } },
          },
        },
        server: {
          port: 5173,
          proxy: {
            '/api': 'http://127.0.0.1:3000',
            '/uploads': 'http://127.0.0.1:3000',
            '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true },
          },
        },
      },
);
