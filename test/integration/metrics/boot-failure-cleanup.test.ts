import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bootKiosk } from '../../../src-main/host/bootstrap';
import type { HostAdapters } from '../../../src-main/host/bootstrap';
import { resolveSettings } from '../../../src-main/settings/resolve';
import type { Settings } from '../../../src-main/settings/schema';
import { createFileVault, fileVaultPaths } from '../../../src-main/vault/file-vault';
import { startWebKiosk } from '../../../src-main/web-host/web-kiosk';
import { FakeHidBackend } from '../../support/fake-hid';

/**
 * A kiosk whose start fails after its metrics listener (and, here, the embedded service) started
 * must let those ports go: the host's next start, or the station's, binds them again.
 */

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Resolves once `port` on loopback can be listened on (and lets it go again); else rejects. */
function bindAgain(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function settingsWith(overrides: Record<string, unknown>): Promise<Settings> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kiosk-boot-fails-'));
  folders.push(dataDir);
  const resolved = resolveSettings(
    { scanner: { device: { mode: 'off' } }, receipt: { mode: 'none' }, ...overrides },
    {},
    { dataDir },
  );
  if (!resolved.ok) throw new Error(resolved.error.message);
  return resolved.value;
}

function adapters(settings: Settings, failing: Partial<HostAdapters>): HostAdapters {
  return {
    vault: createFileVault(fileVaultPaths(settings.dataDir)),
    presentSignIn: () => Promise.reject(new Error('no sign-in in this test')),
    receiptPrinting: { printBy: 'renderer' },
    hostKind: 'web',
    hidBackend: new FakeHidBackend(),
    ...failing,
  };
}

/** The offline journal's key cannot be had: the last start step that can fail on a station. */
const lockedJournalKey: Partial<HostAdapters> = {
  journalKeys: { load: () => Promise.reject(new Error('the key store is locked')) },
};

describe('a kiosk start that fails part-way', () => {
  it('frees the metrics port when the SIP2 back end cannot start', async () => {
    const metricsPort = await freePort();
    const settings = await settingsWith({
      service: { baseUrl: 'http://127.0.0.1:9/api', authUrl: 'http://127.0.0.1:9/auth' },
      patron: { backEnd: 'sip2' },
      sip2: { host: '127.0.0.1', port: 9 },
      metrics: { enabled: true, port: metricsPort },
    });
    const boot = bootKiosk(
      settings,
      adapters(settings, {
        sip2Passwords: {
          load: () => Promise.reject(new Error('the sealed passwords cannot be opened')),
          save: () => Promise.reject(new Error('unused')),
          clear: () => Promise.resolve(),
        },
      }),
    );
    await expect(boot).rejects.toThrow('the sealed passwords cannot be opened');
    await expect(bindAgain(metricsPort)).resolves.toBeUndefined();
  });

  it('frees the metrics port and the embedded service when the offline journal cannot start', async () => {
    const [metricsPort, basePort, authPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const settings = await settingsWith({ metrics: { enabled: true, port: metricsPort } });
    const boot = bootKiosk(settings, {
      ...adapters(settings, lockedJournalKey),
      embeddedService: { ports: { base: basePort, auth: authPort, blob: 0 } },
    });
    await expect(boot).rejects.toThrow('the key store is locked');
    for (const port of [metricsPort, basePort, authPort]) {
      await expect(bindAgain(port)).resolves.toBeUndefined();
    }
  });

  it('frees the metrics port when the web server cannot take its port', async () => {
    const held = createServer();
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
    const { port: webPort } = held.address() as { port: number };
    const metricsPort = await freePort();
    const settings = await settingsWith({
      service: { baseUrl: 'http://127.0.0.1:9/api', authUrl: 'http://127.0.0.1:9/auth' },
      metrics: { enabled: true, port: metricsPort },
    });
    try {
      await writeFile(path.join(settings.dataDir, 'index.html'), '<!doctype html><title>t</title>');
      const start = startWebKiosk({ settings, port: webPort, rendererDir: settings.dataDir });
      await expect(start).rejects.toThrow('EADDRINUSE');
      await expect(bindAgain(metricsPort)).resolves.toBeUndefined();
    } finally {
      await new Promise<void>((resolve) => held.close(() => resolve()));
    }
  });
});
