import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
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

export default defineConfig({
  root: 'client',
  plugins: [react(), tailwindcss(), keepSourceMapsPrivate()],
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
