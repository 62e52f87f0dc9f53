// Builds the three bundles: renderer (Vite), Electron main and preload (esbuild), and places the
// scripts the main bundle runs in a process of its own (the reference service's Azurite child).
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';

const started = performance.now();

await viteBuild({ configFile: 'vite.config.ts', logLevel: 'warn' });
// The feedback sounds live with the other shipped resources (scripts/generate-sounds.js writes
// them there); both hosts serve the renderer's folder, so they go in beside the bundle.
await cp('resources/sounds', 'dist/renderer/sounds', { recursive: true });
// Chunk names carry a hash: stale chunks of an earlier build must not ship beside the new ones.
await rm('dist/main', { recursive: true, force: true });

const shared = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
};
await Promise.all([
  // Dependencies stay in node_modules (native modules, oidc-provider); electron-builder packs them.
  // Code splitting: the reference service, reached only through the dynamic import in
  // src-main/host/embedded-service.ts, becomes a chunk of its own
  // (dist/main/src-reference-service-<hash>.js), so a kiosk pointed at a real service never loads SQLite,
  // the blob client or oidc-provider. The entry stays dist/main/electron.js (package.json
  // `main`); the chunks sit beside it.
  esbuild({
    ...shared,
    entryPoints: { electron: 'src-main/electron/main.ts' },
    format: 'esm',
    packages: 'external',
    splitting: true,
    outdir: 'dist/main',
    chunkNames: '[name]-[hash]',
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

// Azurite's blob server runs as a child process (utilityProcess under Electron) from a script that
// src-reference-service/blob/azurite.ts finds beside itself: beside the chunk in the build. Bundled
// on its own, so that the Host check it shares with the service's ports (src-shared/http/
// host-check.mjs) travels inside it; azurite stays in node_modules, which electron-builder packs.
await esbuild({
  ...shared,
  entryPoints: ['src-reference-service/blob/azurite-child.mjs'],
  format: 'esm',
  packages: 'external',
  outfile: 'dist/main/azurite-child.mjs',
});

await mkdir('dist', { recursive: true });
await writeFile('dist/.built', new Date().toISOString());
process.stdout.write(
  `Built renderer, main and preload in ${Math.round(performance.now() - started)} ms\n`,
);
