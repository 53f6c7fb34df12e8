import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// Tauri loads ui/dist from disk; relative asset paths work there and under the test host.
export default defineConfig({
  base: './',
  plugins: [svelte()],
  resolve: {
    // Charts under a frozen Object.prototype (tauri.conf.json `freezePrototype`): see the file.
    alias: [
      {
        find: /^tslib$/,
        replacement: '/src/lib/screens/history/tslib-frozen.ts',
      },
    ],
  },
  clearScreen: false,
  server: { port: 5173, strictPort: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // No inline scripts or data: URLs in the output (CSP without 'unsafe-inline').
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // The charts' chunk (ECharts, ~530 kB) loads only when History shows a chart; the entry
    // chunk is ~200 kB.
    chunkSizeWarningLimit: 600,
  },
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    benchmark: { include: ['bench/**/*.bench.ts'] },
  },
});
