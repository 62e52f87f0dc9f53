/**
 * The soak's kiosk: the web host and its embedded reference service in a process of their own,
 * started by `fork` with `--expose-gc`, so the soak measures the host and not its driver. It
 * answers the parent's sampling messages (protocol.ts) over the fork's IPC channel; the product's
 * web host gets no sampling endpoint.
 */
// First: it counts the timers of every module imported after it.
import { liveTimers } from './timer-census';
import { readdir, readlink } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  EMBEDDED_DATABASE_FILE,
  embeddedServiceFiles,
} from '../../src-main/host/embedded-service-files';
import { createConfSettingsStore } from '../../src-main/settings/conf-store';
import type { StoredSettings } from '../../src-main/settings/resolve';
import { startWebKiosk } from '../../src-main/web-host/web-kiosk';
import type { ChildMessage, HostCounts, ParentMessage } from './protocol';

const dataDir = process.env.SOAK_DATA_DIR ?? '';
const rendererDir = process.env.SOAK_RENDERER_DIR ?? '';
const stored = JSON.parse(process.env.SOAK_SETTINGS ?? '{}') as StoredSettings;

function send(message: ChildMessage): void {
  process.send?.(message);
}

/** Open descriptors and those that are sockets, from /proc/self/fd. */
async function descriptors(): Promise<{ fds: number; sockets: number }> {
  const dir = '/proc/self/fd';
  const names = await readdir(dir);
  let sockets = 0;
  let fds = 0;
  for (const name of names) {
    // The listing's own descriptor is gone by the time it is read back.
    const target = await readlink(path.join(dir, name)).catch(() => undefined);
    if (target === undefined) continue;
    fds += 1;
    if (target.startsWith('socket:')) sockets += 1;
  }
  return { fds, sockets };
}

async function counts(): Promise<HostCounts> {
  const resources = process.getActiveResourcesInfo();
  return {
    ...(await descriptors()),
    timers: liveTimers(),
    refTimers: resources.filter((kind) => kind === 'Timeout').length,
    tcp: resources.filter((kind) => kind === 'TCPSocketWrap').length,
  };
}

function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('the soak host needs --expose-gc');
  gc();
  gc();
}

/**
 * Members who may borrow three more items (active, not expired, no fine, nothing overdue) and
 * items on no loan, read from the seeded database before the soak starts.
 */
function lendable(): { members: string[]; items: string[] } {
  const file = embeddedServiceFiles(dataDir).find((f) => f.path.endsWith(EMBEDDED_DATABASE_FILE));
  if (!file) throw new Error('the embedded service has no database file');
  const db = new Database(file.path, { readonly: true });
  try {
    const now = new Date().toISOString();
    const members = db
      .prepare(
        `SELECT m.barcode FROM members m JOIN member_types t ON t.id = m.member_type_id
         WHERE m.status = 'active' AND m.expiry_date > ? AND m.fine_cents = 0
           AND (SELECT COUNT(*) FROM loans l WHERE l.member_id = m.id) + 3 <= t.loan_limit
           AND NOT EXISTS (SELECT 1 FROM loans l WHERE l.member_id = m.id AND l.due_at < ?)
         ORDER BY m.id`,
      )
      .pluck()
      .all(now.slice(0, 10), now) as string[];
    const items = db
      .prepare(
        `SELECT barcode FROM items WHERE barcode NOT IN (SELECT item_barcode FROM loans)
         ORDER BY barcode`,
      )
      .pluck()
      .all() as string[];
    return { members, items };
  } finally {
    db.close();
  }
}

const settingsStore = createConfSettingsStore({
  directory: dataDir,
  env: { KIOSK_DATA_DIR: dataDir },
});
const settings = settingsStore.save(stored);
if (!settings.ok) throw new Error(settings.error.message);
const web = await startWebKiosk({
  settings: settings.value,
  settingsStore,
  port: 0,
  rendererDir,
  embeddedService: { ports: { base: 0, auth: 0, blob: 0 } },
  demo: true,
});

process.on('message', (raw) => {
  const message = raw as ParentMessage;
  void (async () => {
    switch (message.type) {
      case 'counts':
        send({ type: 'counts', id: message.id, counts: await counts() });
        return;
      case 'sample': {
        collect();
        const memory = process.memoryUsage();
        send({
          type: 'sample',
          id: message.id,
          heapUsed: memory.heapUsed,
          rss: memory.rss,
          counts: await counts(),
        });
        return;
      }
      case 'stop':
        await web.stop();
        send({ type: 'stopped', id: message.id });
        process.disconnect();
        return;
      default:
        return message satisfies never;
    }
  })();
});

send({ type: 'ready', launchUrl: web.host.launchUrl, ...lendable() });
