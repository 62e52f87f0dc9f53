import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ForkOptions } from 'electron';
import type {
  ChildLauncher,
  ChildLaunchRequest,
  LaunchedChild,
} from '../../../src-shared/child-launcher';
import { resolveServiceConnection } from '../../../src-main/host/embedded-service';
import { resolveSettings } from '../../../src-main/settings/resolve';
import type { Settings } from '../../../src-main/settings/schema';
import { AZURITE_CHILD_SCRIPT, startAzurite } from '../../../src-reference-service/blob/azurite';
import { startService } from '../../../src-reference-service/index';
import { captureLogs } from '../../support/log-capture';

/**
 * Electron cannot run here: `electron` is a stand-in whose utilityProcess.fork returns a fake with
 * the shape Electron 45 documents (pid, stdout/stderr streams with stdio 'pipe', 'exit' with the
 * code, kill()), and whose app says where the app and its resources are.
 */
const electron = vi.hoisted(() => ({
  forks: [] as { modulePath: string; args: string[]; options: unknown }[],
  packaged: false,
}));

class FakeUtilityProcess extends EventEmitter {
  pid: number | undefined = 4242;
  stdout = new PassThrough();
  stderr = new PassThrough();
  kills = 0;
  kill(): boolean {
    this.kills += 1;
    return true;
  }
}

let lastFake: FakeUtilityProcess | undefined;

vi.mock('electron', () => {
  const app = {
    get isPackaged() {
      return electron.packaged;
    },
    getAppPath: () => '/checkout',
  };
  const utilityProcess = {
    fork: (modulePath: string, args: string[], options: unknown) => {
      electron.forks.push({ modulePath, args, options });
      lastFake = new FakeUtilityProcess();
      return lastFake;
    },
  };
  return { default: { app, utilityProcess }, app, utilityProcess };
});

const { electronEmbeddedService, utilityProcessLauncher } =
  await import('../../../src-main/electron/utility-process-launcher');

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'kiosk-launcher-'));
  electron.forks.length = 0;
  electron.packaged = false;
  lastFake = undefined;
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

/** A launcher that records the request and hands back a child that exits at once with `code`. */
function recordingLauncher(code = 3): { launch: ChildLauncher; requests: ChildLaunchRequest[] } {
  const requests: ChildLaunchRequest[] = [];
  const launch: ChildLauncher = (request) => {
    requests.push(request);
    const stdout = new PassThrough();
    const child: LaunchedChild = {
      pid: 1,
      stdout,
      stderr: new PassThrough(),
      exited: new Promise((resolve) => setTimeout(() => resolve(code), 5)),
      hasExited: false,
      kill: () => undefined,
    };
    stdout.write('Azurite is starting\n');
    return child;
  };
  return { launch, requests };
}

function settings(): Settings {
  const result = resolveSettings({}, {}, { dataDir: dir });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('the child launcher seam', () => {
  it('starts Azurite through the launcher it is given: the child script, its flags and the key in the environment', async () => {
    const { launch, requests } = recordingLauncher(3);
    await expect(startAzurite(path.join(dir, 'blob'), 0, 'a2V5', launch)).rejects.toThrow(
      /Azurite exited before listening \(code 3\): Azurite is starting/,
    );
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.script).toBe(AZURITE_CHILD_SCRIPT);
    expect(path.basename(AZURITE_CHILD_SCRIPT)).toBe('azurite-child.mjs');
    expect(request?.args).toEqual(
      expect.arrayContaining(['--blobHost', '127.0.0.1', '--blobPort', '0', '--location']),
    );
    // The key travels in the environment, never on the command line.
    expect(request?.env.AZURITE_ACCOUNTS).toBe('devstoreaccount1:a2V5');
    expect(request?.args.join(' ')).not.toContain('a2V5');
    expect(JSON.parse(request?.env.LIBRARY_SERVICE_ALLOWED_HOST_NAMES ?? '[]')).toContain(
      '127.0.0.1',
    );
  });

  it('is passed from startService options down to Azurite', async () => {
    const { launch, requests } = recordingLauncher(5);
    const logs = captureLogs('warn');
    try {
      // The service answers without waiting for its blob store; the child's failure is the blob store's.
      const service = await startService({
        dataDir: dir,
        ports: { base: 0, auth: 0, blob: 0 },
        quiet: true,
        launchChild: launch,
      });
      await expect(service.blobUrl()).rejects.toThrow(/code 5/);
      await service.stop();
      expect(requests).toHaveLength(1);
      expect(logs.lines()).toEqual([
        'error service: the blob store did not start: documents cannot be published',
      ]);
    } finally {
      logs.restore();
    }
  });

  it("is passed from the host's ResolveOptions (what bootKiosk's embeddedService carries)", async () => {
    const { launch, requests } = recordingLauncher(7);
    const logs = captureLogs('warn');
    try {
      const resolved = await resolveServiceConnection(settings(), {
        ports: { base: 0, auth: 0, blob: 0 },
        launchChild: launch,
      });
      await resolved.stop();
      expect(requests).toHaveLength(1);
      expect(logs.lines()).toEqual([
        'error service: the blob store did not start: documents cannot be published',
      ]);
    } finally {
      logs.restore();
    }
  });

  it('refuses to start, before SQLite loads it, when the Electron build of better-sqlite3 is missing', async () => {
    const { launch, requests } = recordingLauncher();
    await expect(
      resolveServiceConnection(settings(), {
        launchChild: launch,
        sqliteNativeBinding: path.join(dir, 'native/electron/better_sqlite3.node'),
      }),
    ).rejects.toThrow(/Electron build of better-sqlite3 is missing .*prepare-electron-native/);
    expect(requests).toHaveLength(0);
  });

  it('never forks the executable under Electron when the host injected no launcher', async () => {
    const { nodeChildLauncher } = await import('../../../src-reference-service/child-launcher');
    const versions = process.versions as Record<string, string | undefined>;
    versions.electron = '45.4.1';
    try {
      expect(() =>
        nodeChildLauncher({ script: AZURITE_CHILD_SCRIPT, args: [], env: {}, name: 'x' }),
      ).toThrow(/without a child launcher/);
    } finally {
      delete versions.electron;
    }
  });
});

describe("the utility-process launcher (Electron's utilityProcess behind the seam)", () => {
  it('forks the script with its arguments, the whole environment, piped output and a service name', () => {
    const launch = utilityProcessLauncher();
    const child = launch({
      script: '/app/dist/main/azurite-child.mjs',
      args: ['--blobPort', '0'],
      env: { A: '1' },
      name: 'Blob storage',
    });
    expect(electron.forks).toEqual([
      {
        modulePath: '/app/dist/main/azurite-child.mjs',
        args: ['--blobPort', '0'],
        options: { env: { A: '1' }, stdio: 'pipe', serviceName: 'Blob storage' },
      },
    ]);
    expect(child.pid).toBe(4242);
    expect(child.hasExited).toBe(false);
  });

  it('hands over the streams and the exit code', async () => {
    const fake = new FakeUtilityProcess();
    const fork = vi.fn((_path: string, _args: string[], _options: ForkOptions) => fake);
    const child = utilityProcessLauncher(fork)({ script: 's', args: [], env: {}, name: 'n' });
    const seen: string[] = [];
    child.stdout?.on('data', (chunk: Buffer) => seen.push(chunk.toString()));
    fake.stdout.write('Azurite Blob service successfully listens on http://127.0.0.1:10000\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.join('')).toContain('listens on http://127.0.0.1:10000');
    fake.emit('exit', 9);
    await expect(child.exited).resolves.toBe(9);
    expect(child.hasExited).toBe(true);
  });

  it('asks with kill() and, as the last resort, SIGKILLs the pid; nothing once it has exited', async () => {
    const fake = new FakeUtilityProcess();
    const child = utilityProcessLauncher(() => fake)({ script: 's', args: [], env: {}, name: 'n' });
    const signals: unknown[] = [];
    vi.spyOn(process, 'kill').mockImplementation((pid, signal) => {
      signals.push([pid, signal]);
      return true;
    });
    child.kill('SIGTERM');
    expect(fake.kills).toBe(1);
    child.kill('SIGKILL');
    expect(signals).toEqual([[4242, 'SIGKILL']]);
    fake.emit('exit', 0);
    await child.exited;
    child.kill('SIGTERM');
    child.kill('SIGKILL');
    expect(fake.kills).toBe(1);
    expect(signals).toHaveLength(1);
  });

  it('falls back to kill() when the process has no pid yet', () => {
    const fake = new FakeUtilityProcess();
    fake.pid = undefined;
    const child = utilityProcessLauncher(() => fake)({ script: 's', args: [], env: {}, name: 'n' });
    child.kill('SIGKILL');
    expect(fake.kills).toBe(1);
  });

  it("gives the Electron host the launcher and the Electron build's path, checkout or package", () => {
    const checkout = electronEmbeddedService();
    expect(checkout.sqliteNativeBinding).toBe('/checkout/native/electron/better_sqlite3.node');
    checkout.launchChild?.({ script: 's', args: [], env: {}, name: 'n' });
    expect(electron.forks).toHaveLength(1);
    expect(lastFake).toBeDefined();

    electron.packaged = true;
    const resources = (process as { resourcesPath?: string }).resourcesPath;
    Object.defineProperty(process, 'resourcesPath', {
      value: '/opt/kiosk/resources',
      configurable: true,
    });
    try {
      expect(electronEmbeddedService().sqliteNativeBinding).toBe(
        '/opt/kiosk/resources/native/electron/better_sqlite3.node',
      );
    } finally {
      Object.defineProperty(process, 'resourcesPath', { value: resources, configurable: true });
    }
  });
});
