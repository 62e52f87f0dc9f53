import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Native modules, one build per runtime. node_modules keeps better-sqlite3 built for Node (the web
 * host, the CLI and the tests use it); the Electron host loads an Electron build kept apart in
 * `native/electron/`, made by scripts/prepare-electron-native.js (which `npm start` and
 * `npm run package` run) and passed to better-sqlite3 as its `nativeBinding`. node-hid needs no
 * such copy: its prebuilds are Node-API, which Node and Electron load alike.
 *
 * Where the copy is: `<checkout>/native/electron/` when Electron runs a checkout (`electron .`,
 * whose app path is the checkout), `<resources>/native/electron/` in a package (electron-builder's
 * extraResources: outside the asar, so nothing has to be unpacked to load it).
 */
export const ELECTRON_NATIVE_FOLDER = 'native/electron';
export const SQLITE_ADDON_FILE = 'better_sqlite3.node';

export interface ElectronAppLocation {
  /** app.isPackaged */
  packaged: boolean;
  /** app.getAppPath(): the checkout, or the asar inside a package */
  appPath: string;
  /** process.resourcesPath */
  resourcesPath: string;
}

export function electronSqliteBinding(location: ElectronAppLocation): string {
  const base = location.packaged ? location.resourcesPath : location.appPath;
  return path.join(base, ELECTRON_NATIVE_FOLDER, SQLITE_ADDON_FILE);
}

/** Refuses, with what to do, when the Electron build is missing (checked before SQLite loads it). */
export function checkNativeBinding(
  file: string,
  exists: (file: string) => boolean = existsSync,
): void {
  if (!exists(file)) {
    throw new Error(
      `The Electron build of better-sqlite3 is missing (${file}). In a checkout, run \`node scripts/prepare-electron-native.js\` (npm start runs it); in a package, rebuild it with \`npm run package\`.`,
    );
  }
}
