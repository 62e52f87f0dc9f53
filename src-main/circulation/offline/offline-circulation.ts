import type { ItemBarcode, MemberBarcode } from '../../../src-common/barcodes';
import type { OfflineStatus } from '../../../src-common/ipc/offline';
import type { LibraryResult } from '../../library/circulation-port';
import type { MemberType } from '../../library/records';
import type { OfflineSettings } from '../../settings/schema';
import type { Clock } from '../../platform/clock';
import { systemClock } from '../../platform/clock';
import type { JournalKeySource } from '../../vault/journal-key';
import { openOfflineJournal } from '../journal/offline-journal';
import type { OfflineJournal } from '../journal/offline-journal';
import { createCirculationDesk } from './circulation-desk';
import type { CirculationDesk } from '../circulation-port';
import type { CirculationPort } from '../../library/circulation-port';
import { createConnectivityMonitor, probeService } from './connectivity';
import type { ConnectivityMonitor } from './connectivity';
import { journalCsv } from './journal-csv';
import { offlineFiles } from './offline-files';
import { openOfflineKnowledge } from './offline-knowledge';
import type { BlockListImport, OfflineKnowledge } from './offline-knowledge';
import { createSyncEngine } from './sync';
import { oldestQueuedAt } from './queue-metrics';
import { NO_METRICS, type KioskMetrics } from '../../metrics/kiosk-metrics';
import type { SyncEngine } from './sync';
import { createMemberTypesReader } from './member-types-reader';
import { offlineStatus } from './offline-status';

export interface OfflineCirculationOptions {
  dataDir: string;
  baseUrl: string;
  settings: OfflineSettings;
  requestTimeoutMs: number;
  /** The REST client: its circulation calls, and the member types (for offline loan periods). */
  client: CirculationPort & { listMemberTypes(): Promise<LibraryResult<MemberType[]>> };
  /**
   * Where the desk and the sync send circulation (SIP2's client); absent, `client`. Member types
   * are read from `client` all the same, with the staff sign-in.
   */
  port?: CirculationPort;
  keys: JournalKeySource;
  signedIn(): boolean;
  /**
   * Whether the sync may send now; absent, `signedIn`. SIP2 logs in on its own, so its queue
   * never waits for staff.
   */
  portReady?: () => boolean;
  /** Whether the back end answers again while offline; absent, a request to `baseUrl`. */
  probe?: () => Promise<boolean>;
  /** The card pattern and check digit (scanner settings). */
  isCard(memberBarcode: MemberBarcode): boolean;
  /** The item pattern and check digit (scanner settings): offline, nothing else is recorded. */
  isItem(itemBarcode: ItemBarcode): boolean;
  clock?: Clock;
  /** Spread of probe and retry delays; off only to show what the spread buys (benchmarks). */
  jitter?: boolean;
  fetch?: typeof fetch;
  /** Connectivity, the queue and the sync's outcomes (docs/operations.md). */
  metrics?: KioskMetrics;
}

/** Store and forward: the desk the patron session uses, the journal, the sync and their status. */
export interface OfflineCirculation {
  desk: CirculationDesk;
  connectivity: ConnectivityMonitor;
  journal: OfflineJournal;
  sync: SyncEngine;
  knowledge: OfflineKnowledge;
  status(): OfflineStatus;
  retry(id: string): Promise<boolean>;
  dismiss(id: string): Promise<boolean>;
  exportCsv(what: 'journal' | 'exceptions'): { fileName: string; csv: string };
  importBlockList(csv: string): Promise<BlockListImport>;
  /** After the card knowledge was lost: staff confirm lending offline without a block list. */
  lendWithoutBlockList(): Promise<boolean>;
  setDamageAside(): Promise<string | undefined>;
  /** Staff signed in (again): send what waits. */
  signInChanged(): void;
  onChange(listener: () => void): () => void;
  dispose(): Promise<void>;
}

export async function startOfflineCirculation(
  options: OfflineCirculationOptions,
): Promise<OfflineCirculation> {
  const clock = options.clock ?? systemClock;
  const files = offlineFiles(options.dataDir);
  const journal = await openOfflineJournal({
    file: files.journal,
    keys: options.keys,
    now: clock.now,
  });
  // The journal made its key if it needed one; never a second key beside a journal that lost its own.
  const key = journal.problem()?.kind.startsWith('key-')
    ? undefined
    : await options.keys.load({ create: false });
  const knowledge = await openOfflineKnowledge({
    file: files.knowledge,
    // Without the journal's key there is nothing to seal with: the file waits for the key.
    key: key?.ok ? key.value : undefined,
    rememberDays: options.settings.rememberMembersDays,
    now: clock.now,
  });
  const connectivity = createConnectivityMonitor({
    probe:
      options.probe ??
      (() =>
        probeService({
          baseUrl: options.baseUrl,
          timeoutMs: Math.min(options.requestTimeoutMs, 5_000),
          ...(options.fetch ? { fetch: options.fetch } : {}),
        })),
    firstDelayMs: options.settings.probeFirstDelayMs,
    maxDelayMs: options.settings.probeMaxDelayMs,
    ...(options.jitter === undefined ? {} : { jitter: options.jitter }),
    clock,
  });
  const port = options.port ?? options.client;
  const portReady = options.portReady ?? options.signedIn;
  const sync = createSyncEngine({
    journal,
    port,
    connectivity,
    signedIn: portReady,
    retryFirstDelayMs: options.settings.probeFirstDelayMs,
    retryMaxDelayMs: options.settings.probeMaxDelayMs,
    ...(options.jitter === undefined ? {} : { jitter: options.jitter }),
    clock,
    now: clock.now,
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  const desk = createCirculationDesk(port, {
    connectivity,
    journal,
    knowledge,
    policy: options.settings,
    isCard: options.isCard,
    isItem: options.isItem,
    recorded: () => {
      if (connectivity.state() === 'online') sync.kick();
    },
    now: clock.now,
    confirmTimeoutMs: Math.min(options.requestTimeoutMs, 5_000),
  });

  const memberTypes = createMemberTypesReader({
    client: options.client,
    signedIn: options.signedIn,
    clock,
    knowledge,
  });

  const listeners = new Set<() => void>();
  const changed = (): void => {
    for (const listener of listeners) listener();
  };
  const metrics = options.metrics ?? NO_METRICS;
  const reportQueue = (): void => {
    const oldest = oldestQueuedAt(journal.entries());
    metrics.queue({ ...journal.counts(), ...(oldest ? { oldestQueuedAt: oldest } : {}) });
  };
  const offs = [
    journal.onChange(reportQueue),
    connectivity.onChange((state) => metrics.connectivity(state, new Date(clock.now()))),
    journal.onChange(changed),
    sync.onChange(changed),
    connectivity.onChange((state) => {
      changed();
      if (state === 'online') {
        sync.kick();
        memberTypes.read();
      }
    }),
  ];
  metrics.connectivity(connectivity.state(), new Date(clock.now()));
  reportQueue();
  sync.kick();
  memberTypes.read();

  return {
    desk,
    connectivity,
    journal,
    sync,
    knowledge,
    status: () => offlineStatus({ journal, sync, connectivity, knowledge }),
    async retry(id) {
      const done = await journal.retry(id);
      if (done) sync.kick();
      return done;
    },
    dismiss: (id) => journal.dismiss(id),
    exportCsv: (what) => journalCsv(journal.held(), what, clock.now()),
    async importBlockList(csv) {
      const result = await knowledge.importBlockList(csv, options.isCard);
      changed();
      return result;
    },
    async lendWithoutBlockList() {
      const done = await knowledge.lendWithoutBlockList(clock.now());
      changed();
      return done;
    },
    async setDamageAside() {
      const file = await journal.setDamageAside();
      sync.kick();
      return file;
    },
    signInChanged() {
      if (portReady()) sync.kick();
      if (options.signedIn()) {
        memberTypes.read();
      }
      changed();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispose() {
      // At once: a member types answer from now on is dropped.
      const typesRead = memberTypes.dispose();
      for (const off of offs) off();
      connectivity.dispose();
      await sync.dispose();
      await typesRead;
      await knowledge.close();
      await journal.close();
      listeners.clear();
    },
  };
}
