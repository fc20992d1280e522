import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { fileURLToPath } from 'node:url';

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

export default defineConfig({
  root: 'client',
  plugins: [react(), tailwindcss(), keepSourceMapsPrivate(), precompress()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: fileURLToPath(new URL('./client/src/', import.meta.url)) },
      { find: /^#contract\//, replacement: fileURLToPath(new URL('./contract/', import.meta.url)) },
    ],
  },
  build: { outDir, emptyOutDir: true, sourcemap: 'hidden' },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/uploads': 'http://127.0.0.1:3000',
      '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
});
