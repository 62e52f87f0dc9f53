// `npm start`: build when sources changed, then run Electron; without its binary, the web host.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const webOnly = args.includes('--web');
// `npm start` runs a checkout: demo mode (the demo staff PIN, with the embedded service and no
// PIN set). A packaged build and a station's session never pass it.
const passThrough = [
  '--demo',
  ...args.filter((arg) => arg !== '--web' && arg !== '--demo' && arg !== '--sip2'),
];
// `npm start -- --sip2`: patrons go over SIP2 to the embedded service's listener (docs/sip2.md).
// The console gets sentences, the log file the JSON records (src-shared/log/console-sink.ts);
// KIOSK_CONSOLE_LOG=json keeps the JSON lines on stderr too.
const childEnv = {
  ...process.env,
  KIOSK_CONSOLE_LOG: process.env.KIOSK_CONSOLE_LOG ?? 'sentences',
  ...(args.includes('--sip2') ? { KIOSK_PATRON_BACK_END: 'sip2' } : {}),
};

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function buildIsStale() {
  const stamp = path.join(root, 'dist/.built');
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return ['src-main', 'src-renderer'].some((dir) => newestMtime(path.join(root, dir)) > built);
}

/** Electron's binary comes from a download at install time; its absence is normal on CI. */
function electronBinary() {
  const pkg = path.join(root, 'node_modules/electron');
  const pathFile = path.join(pkg, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = path.join(pkg, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

function run(command, commandArgs) {
  const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit', env: childEnv });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}

// KIOSK_SKIP_BUILD=1: the caller built already (CI after `npm run build`, tests that start the
// kiosk while other work edits the sources).
if (!process.env.KIOSK_SKIP_BUILD && buildIsStale()) {
  const result = spawnSync(process.execPath, ['scripts/build.js'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const electron = webOnly ? undefined : electronBinary();
if (electron) {
  // The Electron host opens SQLite with its own build of better-sqlite3 (native/electron/), made
  // once per Electron and better-sqlite3 version; node_modules keeps the Node build.
  const native = spawnSync(
    process.execPath,
    ['scripts/prepare-electron-native.js', '--if-needed'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (native.status !== 0) process.exit(native.status ?? 1);
  run(electron, ['.', ...passThrough]);
} else {
  if (!webOnly) {
    process.stdout.write(
      "Electron's binary is not installed here, so the kiosk starts in the web host instead (see docs/hosts.md).\n",
    );
  }
  run(process.execPath, [
    '--import',
    'tsx',
    'src-main/web-host/main.ts',
    ...(webOnly ? [] : ['--open']),
    ...passThrough,
  ]);
}
