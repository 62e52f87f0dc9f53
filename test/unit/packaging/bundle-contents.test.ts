import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The build (`npm run build`) holds every file the Electron host spawns, forks or reads at run
 * time, and electron-builder ships only dist/** (with package.json and node_modules). Each script
 * run in a process of its own starts under plain Node here. Built first when dist/ is missing or
 * older than the sources.
 */
const ROOT = process.cwd();
const MAIN = path.join(ROOT, 'dist/main');
/** What must not load when a real service is configured: the reference service's own modules. */
const SERVICE_ONLY_PACKAGES = ['better-sqlite3', '@azure/storage-blob', 'oidc-provider'];

function newestMtime(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) {
      newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

function ensureBuilt(): void {
  const stamp = path.join(ROOT, 'dist/.built');
  const sources = [
    'src-main',
    'src-reference-service',
    'src-shared',
    'src-renderer',
    'scripts/build.js',
  ];
  if (
    existsSync(stamp) &&
    sources.every((source) => newestMtime(path.join(ROOT, source)) <= statSync(stamp).mtimeMs)
  ) {
    return;
  }
  const result = spawnSync(process.execPath, ['scripts/build.js'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm run build failed: ${result.stderr}`);
}

function read(file: string): string {
  return readFileSync(path.join(MAIN, file), 'utf8');
}

/** The relative modules an output file imports: statically, and dynamically. */
function relativeImports(text: string): { static: string[]; dynamic: string[] } {
  const staticImports = [...text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*"(\.\/[^"]+)"/gms)];
  const bare = [...text.matchAll(/^import\s*"(\.\/[^"]+)"/gm)];
  const dynamic = [...text.matchAll(/\bimport\(\s*"(\.\/[^"]+)"\s*\)/g)];
  return {
    static: [...staticImports, ...bare].map((match) => match[1] as string),
    dynamic: dynamic.map((match) => match[1] as string),
  };
}

/** Package imports (static only), e.g. "zod" or "@azure/storage-blob". */
function packageImports(text: string): string[] {
  return [...text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*"([^".][^"]*)"/gms)]
    .map((match) => match[1] as string)
    .filter((name) => !name.startsWith('node:'));
}

/** Packages a file loads when it needs them: `import("name")`. */
function lazyPackageImports(text: string): string[] {
  return [...text.matchAll(/\bimport\(\s*"([^".][^"]*)"\s*\)/g)]
    .map((match) => match[1] as string)
    .filter((name) => !name.startsWith('node:'));
}

/** Every file the entry loads before anything runs: its static imports, transitively. */
function loadedAtStart(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of relativeImports(read(file)).static) visit(path.normalize(next));
  };
  visit(entry);
  return [...seen];
}

function serviceChunk(): string {
  const { dynamic } = relativeImports(read('electron.js'));
  const chunk = dynamic.find((file) => /src-reference-service/.test(file));
  if (!chunk) throw new Error(`no lazy reference-service chunk among ${dynamic.join(', ')}`);
  return path.normalize(chunk);
}

beforeAll(() => {
  ensureBuilt();
}, 120_000);

describe('the build', () => {
  it("has package.json's main", () => {
    const { main } = JSON.parse(readFileSync('package.json', 'utf8')) as { main: string };
    expect(main).toBe('dist/main/electron.js');
    expect(existsSync(main)).toBe(true);
  });

  it('holds every chunk each output imports, statically or lazily', () => {
    for (const file of readdirSync(MAIN).filter((name) => name.endsWith('.js'))) {
      const { static: statics, dynamic } = relativeImports(read(file));
      for (const target of [...statics, ...dynamic]) {
        expect(existsSync(path.join(MAIN, target)), `${file} imports ${target}`).toBe(true);
      }
    }
  });

  it('holds the files the main process reads beside itself: preload, renderer', () => {
    const text = read('electron.js');
    // path.join(here, "../preload/preload.cjs"), where here = dirname(fileURLToPath(import.meta.url))
    const here = /var (\w+) = \w+\.dirname\(\w+\(import\.meta\.url\)\)/.exec(text)?.[1];
    expect(here).toBeDefined();
    const joined = [...text.matchAll(new RegExp(`\\.join\\(${here}, "([^"]+)"\\)`, 'g'))].map(
      (match) => match[1] as string,
    );
    expect(joined).toEqual(expect.arrayContaining(['../preload/preload.cjs', '../renderer']));
    for (const relative of joined) {
      expect(existsSync(path.join(MAIN, relative)), relative).toBe(true);
    }
    expect(existsSync(path.join(MAIN, '../renderer/index.html'))).toBe(true);
  });

  it('holds every file a chunk names with new URL(..., import.meta.url): the Azurite child', () => {
    const named: string[] = [];
    for (const file of readdirSync(MAIN).filter((name) => name.endsWith('.js'))) {
      for (const match of read(file).matchAll(/new URL\("([^"]+)", import\.meta\.url\)/g)) {
        named.push(match[1] as string);
        expect(existsSync(path.join(MAIN, match[1] as string)), `${file}: ${match[1]}`).toBe(true);
      }
    }
    expect(named).toContain('./azurite-child.mjs');
    // Whole in itself: the shared Host check bundled in, only azurite left to node_modules.
    const child = read('azurite-child.mjs');
    expect(relativeImports(child)).toEqual({ static: [], dynamic: [] });
    expect(child).not.toMatch(/from\s*"[^"]*host-check/);
    expect(child).toContain('function createHostCheck(');
    expect(child).toContain('import("azurite/dist/src/blob/main.js")');
  });

  it('loads the reference service lazily: nothing of it at start with a real service configured', () => {
    const atStart = loadedAtStart('electron.js');
    const chunk = serviceChunk();
    expect(atStart).not.toContain(chunk);
    const startPackages = atStart.flatMap((file) => packageImports(read(file)));
    for (const name of SERVICE_ONLY_PACKAGES) expect(startPackages).not.toContain(name);
    // ...and all of it once the embedded service starts: its database at once, the blob
    // client while Azurite's child starts (issue 37's start order).
    const serviceFiles = loadedAtStart(chunk);
    expect(serviceFiles.flatMap((file) => packageImports(read(file)))).toContain('better-sqlite3');
    expect(serviceFiles.flatMap((file) => lazyPackageImports(read(file)))).toContain(
      '@azure/storage-blob',
    );
  });
});

describe('what the build runs in a process of its own starts under plain Node', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kiosk-bundle-'));
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  function get(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const request = http.get({
        host: '127.0.0.1',
        port,
        path: '/devstoreaccount1?comp=list',
        headers: { host },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
    });
  }

  it('dist/main/azurite-child.mjs: Azurite reports ready, with the Host check in front', async () => {
    const child = spawn(
      process.execPath,
      [
        path.join(MAIN, 'azurite-child.mjs'),
        '--disableTelemetry',
        '--blobHost',
        '127.0.0.1',
        '--blobPort',
        '0',
        '--location',
        path.join(dir, 'blob'),
        '--silent',
        '--skipApiVersionCheck',
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          AZURITE_ACCOUNTS: 'devstoreaccount1:a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U=',
          LIBRARY_SERVICE_ALLOWED_HOST_NAMES: JSON.stringify(['127.0.0.1']),
        },
      },
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const found = /listens on http:\/\/[^:]+:(\d+)/.exec(output)?.[1];
          if (found) resolve(Number(found));
        });
        void exited.then((code) => reject(new Error(`exited (${code}): ${output}`)));
      });
      expect(await get(port, 'evil.example')).toBe(421);
      expect(await get(port, `127.0.0.1:${port}`)).not.toBe(421);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 60_000);

  it('the lazy service chunk: the reference service starts from the build and stops', () => {
    // A child Node, not this test runner's module loader: the chunk as the Electron host loads it.
    const chunk = pathToFileURL(path.join(MAIN, serviceChunk())).href;
    const script = `
      const { startService } = await import(${JSON.stringify(chunk)});
      const running = await startService({ dataDir: ${JSON.stringify(path.join(dir, 'service'))}, ports: { base: 0, auth: 0, blob: 0 }, quiet: true });
      const discovery = await fetch(running.authUrl + '/.well-known/openid-configuration');
      const blob = await fetch((await running.blobUrl()) + '?comp=list');
      console.log(JSON.stringify({ discovery: discovery.status, blob: blob.status }));
      await running.stop();
    `;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.status).toBe(0);
    const answer = JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as {
      discovery: number;
      blob: number;
    };
    expect(answer.discovery).toBe(200);
    // Unsigned: Azurite answers (not the Host check's 421), refusing the anonymous listing.
    expect(answer.blob).toBe(403);
  }, 90_000);
});
