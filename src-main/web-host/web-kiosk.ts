import type { Clock } from '../platform/clock';
import path from 'node:path';
import type { StaffAuth } from '../auth/staff-auth';
import { authMessageText } from '../auth/messages';
import { loopbackTarget, sendRedirectPage, startLoopbackRedirect } from '../auth/loopback-redirect';
import type { LoopbackRedirect, RedirectPage } from '../auth/loopback-redirect';
import { bootKiosk } from '../host/bootstrap';
import { RECOVERY_LIMITS, createPageRecovery, laterRendererMetrics } from '../host/page-recovery';
import { startupStages } from '../host/startup-stages';
import type { BootedKiosk, HostAdapters } from '../host/bootstrap';
import { createLogger } from '../../src-shared/log/logger';
import type { Settings } from '../settings/schema';
import type { SettingsStore } from '../settings/store';
import { createClientSecretFile } from '../vault/client-secret-file';
import { createSip2PasswordsFile } from '../vault/sip2-passwords-file';
import { createSmtpPasswordFile } from '../vault/smtp-password-file';
import { createFileVault, fileVaultPaths } from '../vault/file-vault';
import { dataFolderKeys } from '../vault/kiosk-keys';
import type { KioskKeys } from '../vault/kiosk-keys';
import { createDocumentStaging, STAGING_PATH } from './document-staging';
import { IPC_PATH } from './ipc-socket';
import { pageShownGate } from '../host/page-shown-gate';
import { startWebHost } from './server';
import type { WebHost } from './server';
import { createLaunchKey } from './launch-key';
import type { LaunchKey } from './launch-key';

const log = createLogger('web-host');

export const DEFAULT_RENDERER_DIR = path.resolve(import.meta.dirname, '../../dist/renderer');

// Paths the web host serves itself; a callback there would hide the kiosk page or its socket.
const HOST_PATHS = new Set(['/', '/index.html', IPC_PATH, STAGING_PATH]);

export interface WebKioskOptions {
  settings: Settings;
  port: number;
  rendererDir?: string;
  hidBackend?: HostAdapters['hidBackend'];
  embeddedService?: HostAdapters['embeddedService'];
  /** `--demo`: the demo PIN opens staff mode (embedded service, no PIN set). */
  demo?: boolean;
  launchKey?: LaunchKey;
  /** Where the settings screen saves; with it, staff can restart the kiosk from that screen. */
  settingsStore?: SettingsStore;
  /** The pages' heartbeat; by default RECOVERY_LIMITS' (a beat every 5 s, silent after 30 s). */
  heartbeat?: { everyMs: number; silentMs: number };
  /**
   * The keys of the vault, client secret and journal (openKioskKeys: main.ts gives the station's
   * key source); absent, the data folder's own key files.
   */
  keys?: KioskKeys;
  /** Tests only: keep what is said in each session (HostAdapters.speechTranscript). */
  speechTranscript?: boolean;
  /** Tests only: the patron session's and staff mode's clock (HostAdapters.sessionClock). */
  sessionClock?: Clock;
  /** The station session's restart history, kept in its own folder (KIOSK_STATION_RESTARTS_FILE). */
  stationRestartsFile?: string;
  /**
   * How long the embedded service's blob store waits for a page to paint its first screen before
   * it starts anyway (page-shown-gate.ts); by default PAGE_SHOWN_WAIT_MS.
   */
  pageShownWaitMs?: number;
}

export interface WebKiosk {
  kiosk: BootedKiosk;
  host: WebHost;
  /** Where the service sends the browser back after sign-in. */
  redirectUri: string;
  /** Stops the kiosk and starts it again with the stored settings (see startWebKiosk). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** One run of the kiosk: what a restart stops and starts again. */
type WebKioskRun = Omit<WebKiosk, 'restart'>;

async function completeSignIn(auth: StaffAuth, url: string): Promise<RedirectPage> {
  const result = await auth.handleRedirect(url);
  return result.ok
    ? { signedIn: true, text: 'The kiosk is signed in to the library service.' }
    : { signedIn: false, text: authMessageText(result.error) };
}

/** One run of the kiosk in plain Node: core, embedded or configured service, and the web host. */
async function startRun(
  options: WebKioskOptions,
  restart: () => Promise<void>,
): Promise<WebKioskRun> {
  const paths = fileVaultPaths(options.settings.dataDir);
  const keys = options.keys ?? dataFolderKeys(options.settings.dataDir);
  // The redirect names the web host's port, known once it listens; sign-in starts only later.
  let redirectUri = '';
  // Staff's chosen PDFs come in over HTTP (documents screen); leftovers of a crash go now.
  const staging = createDocumentStaging(options.settings.dataDir);
  const stages = startupStages('web host', 'kiosk');
  // A page stuck in the browser is counted for the status screen (ipc-socket.ts's heartbeat).
  const rendererMetrics = laterRendererMetrics();
  const recovery = createPageRecovery(RECOVERY_LIMITS, Date.now, rendererMetrics.metrics);
  // Azurite's child starts once the page has painted: started beside it, it took a core from the
  // page's first load (issue 37 item 16).
  const pageShown = pageShownGate(options.pageShownWaitMs);
  const kiosk = await bootKiosk(options.settings, {
    pageRecoveries: () => recovery.tally(),
    vault: createFileVault(paths, keys.vault),
    clientSecrets: createClientSecretFile(paths, keys.clientSecret),
    sip2Passwords: createSip2PasswordsFile(paths, keys.clientSecret),
    smtpPassword: createSmtpPasswordFile(paths, keys.clientSecret),
    journalKeys: keys.journal,
    presentSignIn: async (auth) => {
      const { authorizationUrl } = await auth.beginSignIn({ redirectUri });
      return { presentation: 'popup', authorizationUrl };
    },
    // The browser's print dialog; the renderer says when it closed (patron.receiptPrinted).
    receiptPrinting: { printBy: 'renderer' },
    hostKind: 'web',
    ...(options.hidBackend ? { hidBackend: options.hidBackend } : {}),
    embeddedService: {
      ...options.embeddedService,
      // A caller's own hold (a test that publishes no document) comes on top of the page's.
      blobStoreAfter: options.embeddedService?.blobStoreAfter
        ? Promise.all([pageShown.opened, options.embeddedService.blobStoreAfter])
        : pageShown.opened,
    },
    demo: options.demo ?? false,
    ...(options.settingsStore ? { settingsStore: options.settingsStore, restart } : {}),
    documents: { staging: staging.staging },
    ...(options.speechTranscript ? { speechTranscript: true } : {}),
    ...(options.sessionClock ? { sessionClock: options.sessionClock } : {}),
    ...(options.stationRestartsFile ? { stationRestartsFile: options.stationRestartsFile } : {}),
  }).catch((error: unknown) => {
    pageShown.cancel();
    throw error;
  });
  rendererMetrics.attach(kiosk.metrics.kiosk);
  // The loopback redirect (RFC 8252 section 7.3) keeps the configured path; it lands on the web
  // host itself unless the configured URI names another port or a path the host serves.
  const target = loopbackTarget(options.settings.service.redirectUri);
  const onHost =
    (target.port === 0 || target.port === options.port) && !HOST_PATHS.has(target.path);
  stages.mark('kiosk', 'web server');
  // A web server that cannot start (its port taken) stops the kiosk it was to serve: else the
  // kiosk's metrics listener, service and timers outlive the failed start.
  const host = await startWebHost({
    core: kiosk.core,
    rendererDir: options.rendererDir ?? DEFAULT_RENDERER_DIR,
    port: options.port,
    ...(options.launchKey ? { launchKey: options.launchKey } : {}),
    heartbeat: {
      ...(options.heartbeat ?? {
        everyMs: RECOVERY_LIMITS.heartbeatEveryMs,
        silentMs: RECOVERY_LIMITS.unresponsiveMs,
      }),
      recovery,
    },
    onPageShown: pageShown.open,
    routes: {
      ...staging.routes,
      ...(onHost
        ? {
            [target.path]: {
              methods: ['GET'],
              handle: async (url, response) =>
                sendRedirectPage(response, await completeSignIn(kiosk.auth, url.href)),
            },
          }
        : {}),
    },
  }).catch(async (error: unknown) => {
    pageShown.cancel();
    await kiosk.stop();
    throw error;
  });
  stages.mark('web server', onHost ? undefined : 'sign-in redirect listener');
  let loopback: LoopbackRedirect | undefined;
  if (onHost) {
    redirectUri = `${host.url}${target.path}`;
  } else {
    loopback = await startLoopbackRedirect({
      ...target,
      onRedirect: (url) => completeSignIn(kiosk.auth, url),
    }).catch(async (error: unknown) => {
      pageShown.cancel();
      await host.stop();
      await kiosk.stop();
      throw error;
    });
    redirectUri = loopback.redirectUri;
    stages.mark('sign-in redirect listener');
  }
  return {
    kiosk,
    host,
    redirectUri,
    async stop() {
      pageShown.cancel();
      await loopback?.close();
      await host.stop();
      await kiosk.stop();
    },
  };
}

/** The port a running service's URL names, to start it again where tokens expect it. */
function portOf(url: string): number {
  return Number(new URL(url).port);
}

/**
 * The whole kiosk in plain Node. With a settings store, the settings screen's restart stops it and
 * starts it again in this process with the stored settings, on the same port with the same launch
 * key (the renderer's socket reconnects by itself) and, for the embedded service, on the same
 * ports (its tokens name its address). Should the saved settings not start, it starts again with
 * those it ran with. `kiosk`, `host` and `redirectUri` always name the current run.
 */
export async function startWebKiosk(options: WebKioskOptions): Promise<WebKiosk> {
  const launchKey = options.launchKey ?? createLaunchKey();
  let settings = options.settings;
  let restarting: Promise<void> | undefined;
  const restart = (): Promise<void> =>
    (restarting ??= restartOnce().finally(() => (restarting = undefined)));
  let current = await startRun({ ...options, launchKey }, restart);

  async function restartOnce(): Promise<void> {
    const loaded = options.settingsStore?.load();
    if (!loaded?.ok) throw new Error(loaded ? loaded.error.message : 'no settings store');
    const previous = current;
    const again: WebKioskOptions = {
      ...options,
      launchKey,
      port: previous.host.address.port,
      ...(previous.kiosk.connection.embedded
        ? {
            embeddedService: {
              ...options.embeddedService,
              ports: {
                ...options.embeddedService?.ports,
                base: portOf(previous.kiosk.connection.baseUrl),
                auth: portOf(previous.kiosk.connection.authUrl),
              },
            },
          }
        : {}),
    };
    log.info('restarting the kiosk with its saved settings');
    await previous.stop();
    try {
      current = await startRun({ ...again, settings: loaded.value }, restart);
      settings = loaded.value;
    } catch (error) {
      log.error('the kiosk did not start with its saved settings: it starts as it was', { error });
      current = await startRun({ ...again, settings }, restart);
    }
  }

  return {
    get kiosk() {
      return current.kiosk;
    },
    get host() {
      return current.host;
    },
    get redirectUri() {
      return current.redirectUri;
    },
    restart,
    async stop() {
      await restarting?.catch(() => undefined);
      await current.stop();
    },
  };
}
