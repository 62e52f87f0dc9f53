import { join } from 'node:path';
import type { ChildLauncher } from './child-launcher';
import { loadAccountKey } from './blob/account-key';
import { startAzurite } from './blob/azurite';
import { startedBlobStore } from './blob/blob-store';
import { deferredStart, StoppedBeforeStart } from './blob/deferred-start';
import {
  BLOB_ACCOUNT,
  DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
  DEFAULT_PORTS,
  CONFIDENTIAL_CLIENT_ID,
  CONFIDENTIAL_CLIENT_SECRET,
  DEVELOPMENT_CLIENT_ID,
  REDIRECT_URIS,
  REGISTERED_CLIENT_ID,
  STAFF_ACCOUNTS,
} from './config';
import { startCheckpointer } from './db/checkpointer';
import { DATABASE_FILE, type Db } from './db/open';
import { dialectFor, type DialectName } from './dialects';
import { createCatalog } from './domain/catalog';
import { createCirculation } from './domain/circulation';
import { createDocuments } from './domain/documents';
import { createMembers, type MemberPutMode } from './domain/members';
import { demoItemsNow, type DemoItemsNow } from './demo-guide';
import { createFaultController, type FaultController } from './faults';
import { prepareSigningKey } from './oauth/provider';
import { TokenCache } from './oauth/token-cache';
import { serviceLogger } from './log';
import { BLOB_DIR, openServiceDatabase, wipe } from './service-data';
import { startApiServer, startSignInServer } from './service-listeners';
import { startSip2Listener, type RunningSip2, type Sip2ListenerOptions } from './sip2/listener';

export type { FaultController, FaultSettings } from './faults';
export type { DialectName } from './dialects';
export type { MemberPutMode } from './domain/members';
export type { ChildLauncher, ChildLaunchRequest, LaunchedChild } from './child-launcher';
export type { RunningSip2, Sip2ListenerOptions } from './sip2/listener';
export type { Sip2DialectName } from './sip2/dialects';

export interface StartServiceOptions {
  dataDir: string;
  ports?: { base?: number; auth?: number; blob?: number };
  accessTokenTtlSeconds?: number;
  now?: () => Date;
  faults?: boolean;
  reset?: boolean;
  quiet?: boolean;
  /** How the API spells its answers (default `reference`, the documented one). */
  dialect?: DialectName;
  /**
   * The login page names the demo librarian account (demo-guide.ts): for a kiosk in demo mode,
   * whose screens show the same account. Off by default.
   */
  demoSignInHint?: boolean;
  /**
   * The demo staff accounts with their published passwords (config.ts). On by default: this is
   * the demo library (`npm run service`, the tests). The kiosk's embedded service has them only in
   * demo mode; started without, it removes them, and staff accounts come from `add-staff` (cli.ts).
   */
  demoAccounts?: boolean;
  /**
   * What a member PUT does with the fields its body leaves out: `merge` (default) keeps them,
   * `replace` empties them, as PUT replaces a resource's state (domain/members.ts).
   */
  memberPut?: MemberPutMode;
  /**
   * How the service starts Azurite's child process: Node's child_process by default; the Electron
   * host passes one over utilityProcess.fork (its executable is the kiosk, not Node).
   */
  launchChild?: ChildLauncher;
  /**
   * better-sqlite3's addon for this runtime when it is not node_modules' Node build: the Electron
   * host passes its Electron build (see db/open.ts, sqliteOptions).
   */
  sqliteNativeBinding?: string;
  /**
   * The blob endpoint upload tickets name, from Azurite's own: tests put a proxy in between (a
   * slow or broken network to the blob store). Absent: Azurite's own address.
   */
  ticketBlobUrl?: (azuriteUrl: string) => string;
  /**
   * A SIP2 listener on loopback over the same data (sip2/listener.ts, docs/reference-service.md):
   * started only when given; `port` 0 or absent is any free port.
   */
  sip2?: Sip2ListenerOptions;
  /**
   * Azurite's child starts once this settles, not at once: the kiosk holds it back until its
   * first screen is painted, so the child's start does not take a core from the page's first
   * load (issue 37 item 16). Publishing a document waits for it either way. Absent: at once.
   */
  blobStoreAfter?: Promise<unknown>;
}

export interface RunningService {
  baseUrl: string;
  authUrl: string;
  /**
   * The blob endpoint (Azurite's, http://127.0.0.1:<port>/devstoreaccount1) once it listens: the
   * blob store finishes starting beside the API, which answers before it (issue 37 item 16).
   * Rejects when it did not start; publishing documents then answers 503.
   */
  blobUrl(): Promise<string>;
  /**
   * The blob account and its key, made for this data folder (`<dataDir>/blob-account-key`, 0600):
   * for tests and tools that read the stored blobs. Never logged or printed.
   */
  blobAccount: { name: typeof BLOB_ACCOUNT; key: string };
  clients: {
    registered: { clientId: typeof REGISTERED_CLIENT_ID; redirectUris: string[] };
    development: { clientId: typeof DEVELOPMENT_CLIENT_ID; redirectUris: string[] };
    /** Authenticates with client_secret_post; the demo secret of a training system. */
    confidential: {
      clientId: typeof CONFIDENTIAL_CLIENT_ID;
      clientSecret: string;
      redirectUris: string[];
    };
  };
  /** The demo staff accounts and their passwords; none without `demoAccounts`. */
  staffAccounts: { username: string; password: string; name: string; email: string }[];
  faults?: FaultController;
  dialect: DialectName;
  memberPut: MemberPutMode;
  /** The SIP2 listener, when started with `sip2`: where it listens and its login (the published demo one with `demoAccounts`, else the data folder's own). */
  sip2?: RunningSip2;
  /** The demo items now: which a loan holds, which are free (the kiosk's demo strip). */
  demoItems: () => DemoItemsNow;
  stop(): Promise<void>;
}

/** Starts the reference library service: API, OAuth provider and Azurite, all on 127.0.0.1. */
export async function startService(options: StartServiceOptions): Promise<RunningService> {
  const log = serviceLogger('service', options.quiet ?? false);
  const now = options.now ?? (() => new Date());
  const ports = { ...DEFAULT_PORTS, ...options.ports };
  const dialect = dialectFor(options.dialect);
  if (options.reset) wipe(options.dataDir, log);

  const sqlite = options.sqliteNativeBinding ? { nativeBinding: options.sqliteNativeBinding } : {};
  const accountKey = loadAccountKey(options.dataDir, log.child('blob'));
  // Azurite and the signing key take the longest: start both first, before the database is opened
  // and seeded, so that they run beside the rest (issue 37 item 16); Azurite later if held back.
  const blobStart = deferredStart(options.blobStoreAfter, () =>
    startAzurite(join(options.dataDir, BLOB_DIR), ports.blob, accountKey, options.launchChild),
  );
  const azuriteStarting = blobStart.started;
  const stopAzurite = async (): Promise<void> => {
    const azurite = await blobStart.stop().catch(() => undefined);
    await azurite?.stop();
  };
  // Handlers now, so a failure before the awaits below is not an unhandled rejection.
  azuriteStarting.catch(() => undefined);
  prepareSigningKey().catch(() => undefined);

  const demoAccounts = options.demoAccounts ?? true;
  let db: Db;
  try {
    db = openServiceDatabase(options.dataDir, { sqlite, now, demoAccounts, log });
  } catch (error) {
    await stopAzurite();
    throw error;
  }

  const faults = options.faults ? createFaultController() : undefined;
  const cache = new TokenCache();
  const checkpointer = startCheckpointer(
    join(options.dataDir, DATABASE_FILE),
    log.child('checkpointer'),
    undefined,
    sqlite,
  );
  const stops: (() => Promise<void>)[] = [
    async () => {
      // The checkpointer first, so that closing the last connection checkpoints and removes the WAL.
      await checkpointer.stop();
      db.close();
    },
    stopAzurite,
  ];
  const addStop = (stop: () => Promise<void>): void => void stops.push(stop);
  const stopAll = async (): Promise<void> => {
    for (const stop of stops.splice(0).reverse()) await stop().catch(() => undefined);
  };

  try {
    const { authUrl, provider } = await startSignInServer({
      db,
      port: ports.auth,
      cache,
      faults,
      now,
      log,
      accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
      demoSignInHint: options.demoSignInHint ?? false,
      addStop,
    });

    const members = createMembers(db, options.memberPut);
    const circulation = createCirculation(db, members, now);
    const catalog = createCatalog(db);
    const blobStore = startedBlobStore(azuriteStarting, accountKey, options.ticketBlobUrl);
    const baseUrl = await startApiServer({
      domain: { members, circulation, catalog, documents: createDocuments(db, blobStore, now) },
      port: ports.base,
      provider,
      cache,
      faults,
      dialect,
      addStop,
    });

    let sip2: RunningSip2 | undefined;
    if (options.sip2) {
      const listener = await startSip2Listener(
        {
          db,
          members,
          circulation,
          catalog,
          now,
          faults,
          dataDir: options.dataDir,
          log: log.child('sip2'),
          demoLogin: demoAccounts,
        },
        options.sip2,
      );
      addStop(() => listener.close());
      sip2 = listener.running;
    }

    log.info('service started', {
      baseUrl,
      authUrl,
      dialect: dialect.name,
      ...(sip2 ? { sip2: `${sip2.host}:${sip2.port}${sip2.tls ? ' (TLS)' : ''}` } : {}),
    });
    blobStore.then(
      ({ url }) => log.info('blob store started', { blobUrl: url }),
      (error: unknown) => {
        // Stopped before it was let start: nothing failed.
        if (error instanceof StoppedBeforeStart) return;
        log.error('the blob store did not start: documents cannot be published', {
          error: error instanceof Error ? error.message : String(error),
        });
      },
    );
    return {
      baseUrl,
      authUrl,
      blobUrl: () => blobStore.then(({ url }) => url),
      blobAccount: { name: BLOB_ACCOUNT, key: accountKey },
      ...published(demoAccounts),
      ...(faults ? { faults } : {}),
      dialect: dialect.name,
      memberPut: options.memberPut ?? 'merge',
      ...(sip2 ? { sip2 } : {}),
      demoItems: demoItemsNow(db),
      stop: async () => {
        await stopAll();
        cache.clear();
        log.info('service stopped');
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * What the service tells its users to sign in with: the three registered clients (the
 * confidential one with the demo secret of a training system) and, in the demo library only, the
 * demo staff accounts with their published passwords.
 */
function published(demoAccounts: boolean): Pick<RunningService, 'clients' | 'staffAccounts'> {
  const redirectUris = [...REDIRECT_URIS];
  return {
    clients: {
      registered: { clientId: REGISTERED_CLIENT_ID, redirectUris },
      development: { clientId: DEVELOPMENT_CLIENT_ID, redirectUris: [...redirectUris] },
      confidential: {
        clientId: CONFIDENTIAL_CLIENT_ID,
        clientSecret: CONFIDENTIAL_CLIENT_SECRET,
        redirectUris: [...redirectUris],
      },
    },
    staffAccounts: demoAccounts
      ? STAFF_ACCOUNTS.map(({ username, password, name, email }) => ({
          username,
          password,
          name,
          email,
        }))
      : [],
  };
}
