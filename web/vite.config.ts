/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

// dist/.gitkeep is committed so that `go:embed` works on a fresh clone; the build empties
// dist, so it is written back afterwards.
const keepDistPlaceholder = {
  name: 'keep-dist-placeholder',
  closeBundle() {
    writeFileSync(resolve(__dirname, 'dist/.gitkeep'), '');
  },
};

// The Go binary embeds web/dist, so the build output stays there; the dev server forwards
// API calls to a locally running `hadir serve`.
export default defineConfig({
  plugins: [react(), keepDistPlaceholder],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
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
});
