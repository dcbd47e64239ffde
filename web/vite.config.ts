/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { precompressDir } from './build/precompress';
import { writePWA } from './build/pwa';

const dist = resolve(__dirname, 'dist');

// After the bundle, in this order: dist/.gitkeep is written back (it is committed so that
// `go:embed` works on a fresh clone, and the build empties dist); the service worker and the
// offline page are written (build/pwa.ts); then every file gets a brotli and a gzip copy
// (build/precompress.ts) that the binary serves by Accept-Encoding.
const finishDist = {
  name: 'hadir-finish-dist',
  apply: 'build' as const,
  closeBundle() {
    writeFileSync(resolve(dist, '.gitkeep'), '');
    writePWA(dist, resolve(__dirname, 'build'), resolve(__dirname, 'src/locales'));
    precompressDir(dist);
  },
};

// React Router's package points every bundler at its development build; the production
// build is the same code with its development warnings switched off.
const productionReactRouter = {
  find: /^react-router$/,
  replacement: resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs'),
};

// The Go binary embeds web/dist, so the build output stays there; the dev server forwards
// API calls to a locally running `hadir serve`.
export default defineConfig(({ command }) => ({
  resolve: { alias: command === 'build' ? [productionReactRouter] : [] },
  plugins: [react(), finishDist],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically is loaded on every first visit anyway:
          // one chunk instead of a dozen saves a request's headers each (about 330 bytes on
          // the wire per file) and compresses better (issue 11, "Served small").
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 20_000,
  },
}));
