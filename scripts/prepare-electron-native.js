// Builds better-sqlite3 for the installed Electron into native/electron/, apart from node_modules'
// Node build (which the web host, the CLI and the tests keep using). The Electron host passes the
// copy to better-sqlite3 as its `nativeBinding` (src-main/host/native-binding.ts). `npm start` runs
// this with --if-needed when Electron's binary is installed; `npm run package` runs it before
// electron-builder, which ships the copy as an extra resource.
//
//   node scripts/prepare-electron-native.js [--if-needed] [--force]
//
// It needs what @electron/rebuild needs: Electron's headers (downloaded from its headers host, or a
// prebuilt better-sqlite3 from GitHub) and, to build from source, python3, make and a C++
// compiler. See docs/electron.md, "Packaging and the embedded service".
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = path.resolve(import.meta.dirname, '..');
/** Same folder and file as src-main/host/native-binding.ts (a unit test holds them together). */
export const ELECTRON_NATIVE_FOLDER = 'native/electron';
export const SQLITE_ADDON_FILE = 'better_sqlite3.node';
export const BUILD_INFO_FILE = 'build-info.json';

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** What the copy must match: this Electron, this better-sqlite3, this machine. */
export function wantedBuild(root = ROOT, platform = process.platform, arch = process.arch) {
  return {
    electron: readJson(path.join(root, 'node_modules/electron/package.json')).version,
    betterSqlite3: readJson(path.join(root, 'node_modules/better-sqlite3/package.json')).version,
    platform,
    arch,
  };
}

export function nativeFolder(root = ROOT) {
  return path.join(root, ELECTRON_NATIVE_FOLDER);
}

/**
 * 'ok', 'missing' or 'stale' (built for another Electron, better-sqlite3, platform or arch), with
 * the reason. `read` returns a file's text or undefined.
 */
export function nativeStatus(folder, wanted, read = readIfExists) {
  const addon = read(path.join(folder, SQLITE_ADDON_FILE), 'binary');
  if (addon === undefined)
    return { state: 'missing', reason: `no ${SQLITE_ADDON_FILE} in ${folder}` };
  const infoText = read(path.join(folder, BUILD_INFO_FILE), 'utf8');
  let info;
  try {
    info = infoText === undefined ? undefined : JSON.parse(infoText);
  } catch {
    info = undefined;
  }
  if (!info) return { state: 'stale', reason: `no readable ${BUILD_INFO_FILE} beside the addon` };
  for (const key of ['electron', 'betterSqlite3', 'platform', 'arch']) {
    if (info[key] !== wanted[key]) {
      return { state: 'stale', reason: `built for ${key} ${info[key]}, now ${wanted[key]}` };
    }
  }
  return { state: 'ok', reason: `built for Electron ${wanted.electron}` };
}

function readIfExists(file, encoding) {
  if (!existsSync(file)) return undefined;
  return encoding === 'binary' ? readFileSync(file) : readFileSync(file, encoding);
}

/**
 * node-gyp takes settings from npm_config_* variables: under `npm start`, an npmrc's `nodedir`
 * (this machine has nodedir=/usr) would make it compile against Node's headers and label the
 * result Electron's. The rebuild gets an environment without them.
 */
export function rebuildEnv(env) {
  const result = { ...env };
  for (const key of Object.keys(result)) {
    if (/^npm_config_(nodedir|target|runtime|disturl|dist_url|build_from_source)$/i.test(key)) {
      delete result[key];
    }
  }
  return result;
}

export function failureMessage(wanted, error) {
  const cause = error instanceof Error ? error.message : String(error);
  return [
    `Could not build better-sqlite3 ${wanted.betterSqlite3} for Electron ${wanted.electron} (${wanted.platform}-${wanted.arch}): ${cause}`,
    '',
    "The Electron host needs its own build of better-sqlite3 (node_modules' build is for Node and",
    "cannot load into Electron). Building it needs Electron's headers (or a prebuilt binary) from",
    'the network, and python3, make and a C++ compiler to build from source. Fix that and run',
    '`node scripts/prepare-electron-native.js` again; until then `npm start -- --web` runs the',
    'kiosk in the web host, which uses the Node build. See docs/electron.md.',
  ].join('\n');
}

/** Builds in a staging copy of the package, then moves the addon into place with its build info. */
export async function buildElectronNative(root = ROOT, wanted = wantedBuild(root), log = console) {
  const folder = nativeFolder(root);
  // Inside the checkout, so that @electron/rebuild finds prebuild-install and node-gyp in
  // node_modules above it; node_modules/better-sqlite3 itself is never written.
  const staging = path.join(folder, `.staging-${process.pid}`);
  const stagedModule = path.join(staging, 'node_modules/better-sqlite3');
  rmSync(staging, { recursive: true, force: true });
  try {
    mkdirSync(stagedModule, { recursive: true });
    const installed = path.join(root, 'node_modules/better-sqlite3');
    cpSync(installed, stagedModule, {
      recursive: true,
      // Not the Node build: the staging copy starts clean.
      filter: (source) => path.relative(installed, source).split(path.sep)[0] !== 'build',
    });
    writeFileSync(
      path.join(staging, 'package.json'),
      JSON.stringify({
        name: 'electron-native-staging',
        private: true,
        dependencies: { 'better-sqlite3': wanted.betterSqlite3 },
      }),
    );
    const { rebuild } = await import('@electron/rebuild');
    const savedEnv = process.env;
    process.env = rebuildEnv(savedEnv);
    try {
      log.info?.(
        `Building better-sqlite3 ${wanted.betterSqlite3} for Electron ${wanted.electron}...`,
      );
      await rebuild({
        buildPath: staging,
        electronVersion: wanted.electron,
        arch: wanted.arch,
        onlyModules: ['better-sqlite3'],
        force: true,
      });
    } finally {
      process.env = savedEnv;
    }
    const built = path.join(stagedModule, 'build/Release', SQLITE_ADDON_FILE);
    if (!existsSync(built)) throw new Error(`the rebuild left no ${built}`);
    cpSync(built, path.join(folder, SQLITE_ADDON_FILE));
    writeFileSync(path.join(folder, BUILD_INFO_FILE), `${JSON.stringify(wanted, null, 2)}\n`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

async function main(args) {
  const wanted = wantedBuild();
  const folder = nativeFolder();
  const status = nativeStatus(folder, wanted);
  if (args.includes('--if-needed') && !args.includes('--force') && status.state === 'ok') return 0;
  if (status.state !== 'ok') process.stdout.write(`Electron's better-sqlite3: ${status.reason}.\n`);
  try {
    await buildElectronNative(ROOT, wanted);
  } catch (error) {
    process.stderr.write(`${failureMessage(wanted, error)}\n`);
    return 1;
  }
  process.stdout.write(
    `Built ${path.join(ELECTRON_NATIVE_FOLDER, SQLITE_ADDON_FILE)} for Electron ${wanted.electron}.\n`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
