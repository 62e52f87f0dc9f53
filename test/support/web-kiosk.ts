import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveSettings } from '../../src-main/settings/resolve';
import { startWebKiosk } from '../../src-main/web-host/web-kiosk';
import type { WebKiosk, WebKioskOptions } from '../../src-main/web-host/web-kiosk';
import { connectIpc } from './ipc-wire-client';
import type { IpcWireClient } from './ipc-wire-client';

/**
 * The whole web-host kiosk for an integration test: a temp data folder, a stub page for the
 * renderer (the tests talk over the IPC socket, not through a page), the embedded service on
 * ports of its own, and the kiosk's socket opened as the page would open it.
 */
export interface TestWebKiosk {
  web: WebKiosk;
  dataDir: string;
  /** The IPC socket, as the renderer's; absent with `connect: false`. */
  ipc: IpcWireClient | undefined;
  /** Closes the socket, stops the kiosk and removes its folders. */
  stop(): Promise<void>;
}

export interface TestWebKioskOptions {
  /** The stored settings document (what settings.json would hold). */
  settings?: unknown;
  /** A data folder the test prepared (then kept by stop()); else a new temp one. */
  dataDir?: string;
  /** The temp data folder's name prefix. */
  prefix?: string;
  /** Runs on the data folder before the kiosk starts (an added staff account, say). */
  prepare?: (dataDir: string) => void | Promise<void>;
  /** Added to the embedded service's options (its ports are always free ones). */
  embeddedService?: Omit<NonNullable<WebKioskOptions['embeddedService']>, 'ports'>;
  /** The rest of startWebKiosk's options (demo, speechTranscript, ...). */
  host?: Omit<WebKioskOptions, 'settings' | 'port' | 'rendererDir' | 'embeddedService'>;
  /** Open the IPC socket (default true). */
  connect?: boolean;
}

export async function startTestWebKiosk(options: TestWebKioskOptions = {}): Promise<TestWebKiosk> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir =
    options.dataDir ?? (await mkdtemp(path.join(tmpdir(), options.prefix ?? 'kiosk-')));
  const rendererDir = await mkdtemp(path.join(tmpdir(), 'renderer-'));
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  const removeFolders = async (): Promise<void> => {
    await rm(rendererDir, { recursive: true, force: true });
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
  };
  await options.prepare?.(dataDir);
  const settings = resolveSettings(options.settings ?? {}, {}, { dataDir });
  if (!settings.ok) {
    await removeFolders();
    throw new Error(settings.error.message);
  }
  const web = await startWebKiosk({
    ...options.host,
    settings: settings.value,
    port: 0,
    rendererDir,
    embeddedService: { ...options.embeddedService, ports: { base: 0, auth: 0, blob: 0 } },
  });
  const ipc = options.connect === false ? undefined : await connectIpc(web.host.launchUrl);
  return {
    web,
    dataDir,
    ipc,
    async stop() {
      ipc?.close();
      await web.stop();
      await removeFolders();
    },
  };
}
