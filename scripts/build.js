// Builds the three bundles: renderer (Vite), Electron main and preload (esbuild).
import { mkdir, writeFile } from 'node:fs/promises';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';

const started = performance.now();

await viteBuild({ configFile: 'vite.config.ts', logLevel: 'warn' });

const shared = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
};
await Promise.all([
  // Dependencies stay in node_modules (native modules, oidc-provider); electron-builder packs them.
  esbuild({
    ...shared,
    entryPoints: ['src-main/electron/main.ts'],
    format: 'esm',
    packages: 'external',
    outfile: 'dist/main/electron.js',
  }),
  // Sandboxed preloads must be CommonJS and may require nothing but electron.
  esbuild({
    ...shared,
    entryPoints: ['src-main/electron/preload.ts'],
    format: 'cjs',
    external: ['electron'],
    outfile: 'dist/preload/preload.cjs',
  }),
]);

await mkdir('dist', { recursive: true });
await writeFile('dist/.built', new Date().toISOString());
process.stdout.write(
  `Built renderer, main and preload in ${Math.round(performance.now() - started)} ms\n`,
);
