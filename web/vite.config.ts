/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // antd forms driven by user-event take a few seconds each on a 2-core machine.
    testTimeout: 30_000,
  },
});
