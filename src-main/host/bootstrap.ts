import type { Clock } from '../platform/clock';
import type { StaffAuth } from '../auth/staff-auth';
import { createKioskCore } from '../core/kiosk-core';
import type { KioskCore, ReceiptPrinting, SignInPresentation } from '../core/kiosk-core';
import type { SmtpPasswordStore } from '../vault/smtp-password';
import { createLogger } from '../../src-shared/log/logger';
import type { HidBackend } from '../scanner/hid-backend';
import type { ScannerInput } from '../scanner/scanner-input';
import type { ResolveOptions } from './embedded-service';
import type { Settings } from '../settings/schema';
import type { SettingsStore } from '../settings/store';
import type { ClientSecretStore } from '../vault/client-secret';
import type { TokenVault } from '../vault/vault';
import type { JournalKeySource } from '../vault/journal-key';
import type { OfflineCirculation } from '../circulation/offline/offline-circulation';
import type { FaultController } from '../../src-reference-service/index';
import { startupStages } from './startup-stages';
import type { DocumentFileSource } from '../core/console/documents/source';
import type { RecoveryTally } from '../core/console/deps';
import type { Sip2Client } from '../library-client/sip2/sip2-types';
import type { Sip2PasswordStore } from '../vault/sip2-passwords';
import type { AcsHeartbeat } from './acs-heartbeat';
import { demoTestCodes, startSip2BackEnd, startSip2Heartbeat } from './sip2-back-end';
import { kioskCoreOptions } from './kiosk-core-options';
import { openLibraryService, startBranchName, startStaffSignIn } from './library-connection';
import { staffAccess } from './staff-access';
import { startStoreAndForward } from './store-and-forward';
import { startHeadphones, startScanner, stationVoice } from './station-devices';
import type { SpokenLine } from '../speech/kiosk-voice';
import type { Registry } from 'prom-client';
import type { KioskMetrics } from '../metrics/kiosk-metrics';
import { startKioskMetrics } from '../metrics/start-kiosk-metrics';
import { startFleetSettings } from './fleet-settings-boot';
import { APP_VERSION } from '../settings/app-version';
import { settingsDigest } from '../settings/settings-digest';

const log = createLogger('kiosk');

/** What differs between hosts; everything else is the same core. */
export interface HostAdapters {
  vault: TokenVault;
  /** Where the host keeps a confidential client's secret (encrypted); absent: a public client. */
  clientSecrets?: ClientSecretStore;
  /** Where the host keeps the SIP2 login and terminal passwords (sealed); absent: none. */
  sip2Passwords?: Sip2PasswordStore;
  /** Where the host keeps the SMTP relay's password for e-mail receipts (sealed); absent: none. */
  smtpPassword?: SmtpPasswordStore;
  /** Shows the sign-in page the host's way (system browser, auth window or renderer popup). */
  presentSignIn(auth: StaffAuth): Promise<SignInPresentation>;
  /**
   * Ends a sign-in in progress with the page it showed (Electron: the sign-in view); absent, only
   * the pending sign-in is dropped (the web host's renderer closes its own popup).
   */
  cancelSignIn?(auth: StaffAuth): void;
  /** Web host: the renderer opens the print dialog; Electron prints silently to the printer. */
  receiptPrinting: ReceiptPrinting;
  /** Tests replace node-hid with a fake device at this seam. */
  hidBackend?: HidBackend;
  embeddedService?: ResolveOptions;
  /** Started with --demo (never honoured by a packaged build: the host decides). */
  demo?: boolean;
  /**
   * Where the offline journal's key is kept (Electron: sealed by safeStorage); absent, a 0600
   * key file in the data folder, as the web host keeps the token vault's.
   */
  journalKeys?: JournalKeySource;
  /** Where the settings screen reads and saves the settings; absent, they cannot be changed there. */
  settingsStore?: SettingsStore;
  /** Starts the kiosk again with its saved settings (the settings screen's "Restart"). */
  restart?: () => Promise<void>;
  /** The kiosk page's recoveries since start (host/page-recovery.ts), for the status screen. */
  pageRecoveries?: () => RecoveryTally;
  /** The station session's restart history, where it is not in the data folder. */
  stationRestartsFile?: string;
  /** How staff choose a PDF to publish (Electron: the open dialog; web host: its staging route). */
  documents?: DocumentFileSource;
  /**
   * Random spread of the offline probe and sync retry delays; absent, on. Benchmarks turn it off
   * to show what the spread buys (bench/fleet.ts); hosts leave it alone.
   */
  offlineJitter?: boolean;
  /**
   * Tests only: the speech service keeps, in memory, what each session asked to be said
   * (`BootedKiosk.speech.transcript()`). Hosts leave it off: nothing said is kept in production.
   */
  speechTranscript?: boolean;
  /**
   * Tests only: the clock of the patron session's and staff mode's timers (a fake one moves only
   * when the test says). Hosts leave it alone: the system clock.
   */
  sessionClock?: Clock;
  /** Which host runs the kiosk: the `host` label of `library_kiosk_build_info`. */
  hostKind?: 'electron' | 'web';
  /**
   * The `fetch` of the kiosk's requests to the library service, the sign-in server and the fleet
   * URL (Electron: Chromium's network stack, which trusts the station's certificate authorities);
   * absent, Node's.
   */
  fetch?: typeof fetch;
}

export interface BootedKiosk {
  core: KioskCore;
  auth: StaffAuth;
  scanner: ScannerInput;
  connection: { baseUrl: string; authUrl: string; embedded: boolean };
  offline: OfflineCirculation;
  /** The embedded service's fault knobs, when it was started with them (tests, benchmarks). */
  faults?: FaultController;
  /** Demo mode is on (see demoModeOn). */
  demo: boolean;
  /** With `patron.backEnd: 'sip2'`: the client the patron flow uses, where, and its heartbeat. */
  sip2?: { client: Sip2Client; host: string; port: number; heartbeat: AcsHeartbeat };
  /** With `speechTranscript`: each `patron.speech.say` request since the session began, in order. */
  speech?: { transcript(): SpokenLine[] };
  /**
   * What every source reports through (NO_METRICS with `metrics.enabled` off), the registry
   * behind it and where the listener serves `/metrics` (docs/operations.md).
   */
  metrics: KioskBootMetrics;
  stop(): Promise<void>;
}

export interface KioskBootMetrics {
  kiosk: KioskMetrics;
  registry?: Registry;
  listening?: { host: string; port: number };
}

/** Builds the host-agnostic kiosk; both hosts (Electron and web) start it through here. */
export async function bootKiosk(settings: Settings, adapters: HostAdapters): Promise<BootedKiosk> {
  const started = startedParts();
  try {
    return await bootParts(settings, adapters, started);
  } catch (error) {
    // A start that failed part-way stops what it had started: the metrics port, the embedded
    // service's listeners and the timers would otherwise keep the port bound and the process up.
    await started.undo();
    throw error;
  }
}

/** What a boot has started so far, each with how it stops, undone last first. */
interface StartedParts {
  add(name: string, stop: () => unknown): void;
  undo(): Promise<void>;
}

function startedParts(): StartedParts {
  const stops: { name: string; stop: () => unknown }[] = [];
  return {
    add: (name, stop) => void stops.push({ name, stop }),
    async undo() {
      for (const { name, stop } of stops.splice(0).reverse()) {
        try {
          await stop();
        } catch (error) {
          // The start's own failure is what the caller reports; this one is only logged.
          log.warn('a part started before the failure did not stop cleanly', {
            part: name,
            error: error instanceof Error ? error.message : 'unknown',
          });
        }
      }
    },
  };
}

async function bootParts(
  settings: Settings,
  adapters: HostAdapters,
  started: StartedParts,
): Promise<BootedKiosk> {
  // Demo mode asked for and no PIN set: an embedded service has the demo staff accounts and its
  // login page names one (a configured service is never started here, so it never does). Else
  // the embedded service has no account with a published password.
  const demoAsked = (adapters.demo ?? false) && !settings.staff.pinHash;
  const stages = startupStages('kiosk', 'library service');
  started.add('start-up stages', () => stages.done());
  // Before everything that reports: the core, the offline desk, sign-in and the scanner.
  const metricsRun = await startKioskMetrics(settings.metrics, {
    version: APP_VERSION,
    host: adapters.hostKind ?? 'electron',
  });
  const kioskMetrics = metricsRun.kiosk;
  const metricsListener = metricsRun.listener;
  started.add('metrics listener', () => metricsListener?.close());
  kioskMetrics.settingsVersion(settingsDigest(settings), 'local');
  const service = await openLibraryService(settings, adapters, demoAsked);
  started.add('library service', () => service.stop());
  stages.mark('library service', 'staff sign-in');
  const auth = await startStaffSignIn(settings, adapters, service, kioskMetrics);
  started.add('staff sign-in', () => auth.dispose());
  stages.mark('staff sign-in', 'scanner');
  const { scanner, stopScannerReport } = startScanner(settings, adapters, kioskMetrics);
  started.add('scanner', () => scanner.stop());
  started.add('scanner report', stopScannerReport);
  const access = await staffAccess(
    settings,
    service.embedded,
    adapters.demo ?? false,
    kioskMetrics,
  );
  const sip2 = await startSip2BackEnd(
    settings,
    service.sip2,
    adapters.sip2Passwords,
    kioskMetrics,
    demoTestCodes(settings, access.demoGuide),
  );
  if (sip2) started.add('SIP2 client', () => sip2.client.close());
  stages.mark('scanner', 'offline journal');
  const offline = await startStoreAndForward(settings, adapters, {
    auth,
    baseUrl: service.connection.baseUrl,
    sip2,
    metrics: kioskMetrics,
  });
  started.add('offline journal', () => offline.dispose());
  const heartbeat = sip2 ? startSip2Heartbeat(settings, sip2, offline) : undefined;
  if (heartbeat) started.add('ACS heartbeat', () => heartbeat.dispose());
  // Not awaited: an ACS slow to answer must not hold the kiosk's start.
  void heartbeat?.beat();
  stages.mark('offline journal', 'kiosk core');
  const speech = stationVoice(settings, adapters);
  const { branch, stop: stopBranchName } = startBranchName(settings, auth, offline);
  started.add('branch name', stopBranchName);
  const core = createKioskCore(
    kioskCoreOptions(settings, adapters, {
      service,
      auth,
      scanner,
      access,
      sip2,
      heartbeat,
      offline,
      speech,
      branch,
      metrics: kioskMetrics,
    }),
  );
  started.add('kiosk core', () => core.dispose());
  stages.mark('kiosk core');
  // Off while fleet.url is unset; a file applied restarts the kiosk at its next idle moment.
  const fleet =
    settings.fleet.url && adapters.settingsStore
      ? startFleetSettings({
          settings,
          store: adapters.settingsStore,
          core,
          metrics: kioskMetrics,
          ...(adapters.restart ? { restart: adapters.restart } : {}),
          ...(adapters.fetch ? { fetch: adapters.fetch } : {}),
        })
      : undefined;
  if (fleet) started.add('fleet settings', () => fleet.stop());
  const headphones = startHeadphones(settings, core);

  return {
    core,
    auth,
    scanner,
    connection: {
      baseUrl: service.connection.baseUrl,
      authUrl: service.connection.authUrl,
      embedded: service.embedded,
    },
    offline,
    ...(service.faults ? { faults: service.faults } : {}),
    demo: access.demo,
    ...(sip2 && heartbeat
      ? { sip2: { client: sip2.client, host: sip2.host, port: sip2.portNumber, heartbeat } }
      : {}),
    ...(speech.transcript ? { speech: { transcript: speech.transcript } } : {}),
    metrics: {
      kiosk: kioskMetrics,
      ...(metricsRun.registry ? { registry: metricsRun.registry } : {}),
      ...(metricsListener
        ? { listening: { host: metricsListener.host, port: metricsListener.port } }
        : {}),
    },
    async stop() {
      fleet?.stop();
      headphones?.stop();
      stopBranchName();
      core.dispose();
      await heartbeat?.dispose();
      await offline.dispose();
      // After the sync stopped: it may have been sending over this connection.
      await sip2?.client.close();
      auth.dispose();
      stopScannerReport();
      await scanner.stop();
      await service.stop();
      await metricsListener?.close();
    },
  };
}
