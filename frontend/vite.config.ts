import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  // Plotly's own chunk (about 1.2 MB, loaded only when a chart shows) is expected to be large
  build: { chunkSizeWarningLimit: 1300 },
  // `npm run dev` talks to a backend started with `make run` (port 8000), same origin through the proxy
  server: {
    proxy: { '/api': 'http://127.0.0.1:8000', '/health': 'http://127.0.0.1:8000' },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    env: { VITE_API_BASE_URL: 'http://lathe.test/' },
    // jsdom renders a 500-row table or a lazily loaded chart in about a second alone and in
    // several on a machine busy with other work; the timeouts keep such a test from failing
    // for the machine's load rather than for what it checks.
    testTimeout: 20_000,
  },
});
