import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src-renderer',
  base: '/',
  plugins: [svelte()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome120',
    // No inline scripts or data-URL modules: the CSP allows only the app's own files.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
});
