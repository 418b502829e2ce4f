/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const TESTS = /\.test\.tsx?$/;

/**
 * Test files that swap a module for a mock (vi.mock). They get a fresh module registry each;
 * the others share one per worker, which saves importing antd and the app anew for every file
 * (the suite took 7 minutes isolated, 4 shared on the 2-core machine).
 */
function filesMockingModules(): string[] {
  return readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((file) => TESTS.test(file))
    .map((file) => `src/${file.replaceAll('\\', '/')}`)
    .filter((file) => readFileSync(file, 'utf8').includes('vi.mock('));
}

const mocking = filesMockingModules();

export default defineConfig({
  plugins: [react()],
  build: {
    // scripts/initial-js.mjs reads it to measure what a route loads first.
    manifest: true,
  },
  server: {
    // The xinqiao binary serves the API; in development it runs beside the dev server.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // antd forms driven by user-event take a few seconds each on a 2-core machine.
    testTimeout: 30_000,
    // Vitest's default leaves a core to its main process, which idles while jsdom tests run:
    // one worker on a 2-core machine. A worker a core took the suite from 307 s to 186 s there.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: mocking, isolate: false },
      },
      { extends: true, test: { name: 'mocking', include: mocking } },
    ],
  },
});
