import type { Clock } from '../platform/clock';
import { createStaffAuth } from '../auth/staff-auth';
import type { StaffAuth } from '../auth/staff-auth';
import { createBranchName } from '../core/branch-name';
import { createReceiptMailer } from '../receipt-mail/mailer';
import type { ReceiptMailer } from '../receipt-mail/mailer';
import { smtpPasswordFor } from '../vault/smtp-password';
import type { SmtpPasswordStore } from '../vault/smtp-password';
import { createKioskCore } from '../core/kiosk-core';
import type { KioskCore, ReceiptPrinting, SignInPresentation } from '../core/kiosk-core';
import { createPinGate } from '../staff-pin/gate';
import { DEMO_STAFF_PIN, pinHashInForce } from '../staff-pin/demo-pin';
import { changeablePinGate } from '../staff-pin/changeable-gate';
import { createPinAttemptFile } from '../staff-pin/attempts-file';
import { staffCardHolder } from '../staff-pin/staff-card';
import { createLogger } from '../../src-shared/log/logger';
import type { HidBackend } from '../scanner/hid-backend';
import { ScannerInput } from '../scanner/scanner-input';
import { loadDemoGuide } from './demo-guide';
import { resolveServiceConnection } from './embedded-service';
import type { ResolveOptions } from './embedded-service';
import type { Settings } from '../settings/schema';
import type { SettingsStore } from '../settings/store';
import { clientSecretFor } from '../vault/client-secret';
import type { ClientSecretStore } from '../vault/client-secret';
import type { TokenVault } from '../vault/vault';
import { createFileJournalKey, journalKeyFile } from '../vault/journal-key';
import type { JournalKeySource } from '../vault/journal-key';
import { startOfflineCirculation } from '../circulation/offline/offline-circulation';
import type { OfflineCirculation } from '../circulation/offline/offline-circulation';
import type { FaultController } from '../../src-reference-service/index';
import { classify } from '../scanner/classify';
import { startupStages } from './startup-stages';
import type { DocumentFileSource } from '../core/console/documents/source';
import type { RecoveryTally } from '../core/console/deps';
import type { CirculationPort } from '../library/circulation-port';
import { createSip2Client } from '../library-client/sip2/client';
import type { Sip2Client } from '../library-client/sip2/sip2-types';
import type { Sip2PasswordStore } from '../vault/sip2-passwords';
import type { Sip2ProbeOptions } from '../library-client/sip2/probe';
import type { RunningSip2 } from '../../src-reference-service/index';
import { startAcsHeartbeat } from './acs-heartbeat';
import type { AcsHeartbeat } from './acs-heartbeat';
import { sip2ClientOptions, usesEmbeddedSip2 } from './sip2-back-end';
import { stationHeadphones, stationSpeech } from '../speech/station-audio';
import type { SpokenLine } from '../speech/kiosk-voice';
import type { Registry } from 'prom-client';
import type { KioskMetrics } from '../metrics/kiosk-metrics';
import { startKioskMetrics } from '../metrics/start-kiosk-metrics';
import { scannerMetricReporter } from '../scanner/scanner-metric';
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

/** Demo mode is on when asked for and nothing real could be reached with the demo PIN. */
export function demoModeOn(settings: Settings, embedded: boolean, asked: boolean): boolean {
  return asked && embedded && !settings.staff.pinHash;
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
  const embeddedSip2 = usesEmbeddedSip2(settings);
  const service = await resolveServiceConnection(settings, {
    ...adapters.embeddedService,
    ...(demoAsked ? { demoSignInHint: true } : {}),
    demoAccounts: demoAsked,
    // Any free port: nothing outside the kiosk needs to find it (probe --sip2 names a server).
    ...(embeddedSip2
      ? {
          sip2: {
            port: 0,
            tls: settings.sip2.tls,
            encoding: settings.sip2.encoding,
            ...adapters.embeddedService?.sip2,
          },
        }
      : {}),
  });
  started.add('library service', () => service.stop());
  stages.mark('library service', 'staff sign-in');
  const clientSecret = adapters.clientSecrets
    ? await clientSecretFor(adapters.clientSecrets, service.connection)
    : undefined;
  const auth = await createStaffAuth({
    connection: service.connection,
    vault: adapters.vault,
    timeoutMs: settings.requestTimeoutMs,
    ...(clientSecret ? { clientSecret } : {}),
    ...(adapters.fetch ? { fetch: adapters.fetch } : {}),
    metrics: kioskMetrics,
  });
  started.add('staff sign-in', () => auth.dispose());
  stages.mark('staff sign-in', 'scanner');
  const scanner = new ScannerInput({
    settings: settings.scanner,
    ...(adapters.hidBackend ? { backend: adapters.hidBackend } : {}),
  });
  scanner.start();
  started.add('scanner', () => scanner.stop());
  const reportScanner = scannerMetricReporter(settings.scanner.device, (connected) =>
    kioskMetrics.scannerConnected(connected),
  );
  const scannerReport = (): void => reportScanner(scanner.status().state);
  const stopScannerReport = scanner.onStatus(scannerReport);
  started.add('scanner report', stopScannerReport);
  scannerReport();
  const demo = demoModeOn(settings, service.embedded, adapters.demo ?? false);
  const demoGuide = demo ? await loadDemoGuide(DEMO_STAFF_PIN) : undefined;
  const pinHash = pinHashInForce(settings.staff.pinHash, demo);
  if (!pinHash) log.warn('no staff PIN is configured: staff mode stays shut until one is set');
  if (demo) log.warn('demo mode: the demo staff PIN opens staff mode');

  const { client } = auth;
  // Demo mode's card and item stand in for the SIP2 probe's test codes where none are set: the
  // built-in SIP2 server knows them (another server would not).
  const demoCodes =
    demoGuide && usesEmbeddedSip2(settings)
      ? { testCard: demoGuide.cards[0]?.barcode, testItem: demoGuide.availableItems[0] }
      : {};
  const sip2 = await startSip2BackEnd(
    settings,
    service.sip2,
    adapters.sip2Passwords,
    kioskMetrics,
    demoCodes,
  );
  if (sip2) started.add('SIP2 client', () => sip2.client.close());
  // Changeable: a PIN changed on the settings screen opens staff mode from then on.
  const staffPin = pinHash
    ? changeablePinGate(
        (hash) =>
          createPinGate(hash, {
            store: createPinAttemptFile(settings.dataDir),
            metrics: kioskMetrics,
          }),
        pinHash,
      )
    : undefined;
  // Changeable too: a card made or removed on the settings screen counts from then on.
  const staffCard = staffCardHolder(settings.staff.cardHash);
  stages.mark('scanner', 'offline journal');
  const offline = await startOfflineCirculation({
    dataDir: settings.dataDir,
    baseUrl: service.connection.baseUrl,
    settings: settings.offline,
    requestTimeoutMs: settings.requestTimeoutMs,
    client,
    ...(adapters.fetch ? { fetch: adapters.fetch } : {}),
    ...(adapters.offlineJitter === undefined ? {} : { jitter: adapters.offlineJitter }),
    keys: adapters.journalKeys ?? createFileJournalKey(journalKeyFile(settings.dataDir)),
    signedIn: () => auth.status().state === 'signed-in',
    // SIP2 logs in on its own: its queue goes out without a staff sign-in, and the ACS's own
    // status says whether it is back.
    ...(sip2
      ? {
          port: sip2.port,
          portReady: () => true,
          probe: async () => {
            const status = await sip2.client.acsStatus();
            return status.ok && status.value.online;
          },
        }
      : {}),
    isCard: (code) => {
      const classification = classify(code, settings.scanner);
      return classification.kind === 'patron' && classification.valid;
    },
    isItem: (code) => {
      const classification = classify(code, settings.scanner);
      return classification.kind === 'item' && classification.valid;
    },
    metrics: kioskMetrics,
  });
  started.add('offline journal', () => offline.dispose());
  const heartbeat = sip2
    ? startAcsHeartbeat({
        status: () => sip2.client.acsStatus(),
        everyMs: settings.sip2.heartbeatSeconds * 1000,
        connectivity: offline.connectivity,
      })
    : undefined;
  if (heartbeat) started.add('ACS heartbeat', () => heartbeat.dispose());
  // Not awaited: an ACS slow to answer must not hold the kiosk's start.
  void heartbeat?.beat();
  stages.mark('offline journal', 'kiosk core');
  const speech = stationSpeech({
    voices: settings.accessibility.voices,
    ...(adapters.speechTranscript ? { transcript: true } : {}),
  });
  const emailReceipts = receiptMailer(settings, adapters.smtpPassword);
  // The service's name for the kiosk's branch, unless the settings give one (core/branch-name.ts).
  const branch = createBranchName({
    configured: settings.kiosk.branchName,
    branchId: settings.kiosk.branchId,
    client,
    signedIn: () => auth.status().state === 'signed-in',
    onSignInChange: (listener) => auth.onStatusChange(listener),
    log: log.child('branch'),
  });
  // Not known yet when the kiosk started offline: read it once the service is back.
  const stopBranchRetry = offline.connectivity.onChange((connectivity) => {
    if (connectivity === 'online' && !branch.name()) void branch.refresh();
  });
  started.add('branch name', () => {
    stopBranchRetry();
    branch.dispose();
  });
  const core = createKioskCore({
    ...(adapters.sessionClock ? { clock: adapters.sessionClock } : {}),
    branchName: settings.kiosk.branchName,
    branch,
    defaultLanguage: settings.kiosk.defaultLanguage,
    defaultTheme: settings.kiosk.theme,
    volume: settings.feedback.volume,
    accessibility: settings.accessibility,
    speech,
    staffPin,
    staffCard,
    staffIdleTimeoutMs: settings.staff.idleTimeoutMs,
    demo,
    ...(demoGuide ? { demoGuide } : {}),
    ...(demoGuide && service.demoItems ? { demoItems: service.demoItems } : {}),
    auth,
    presentSignIn: () => adapters.presentSignIn(auth),
    ...(adapters.cancelSignIn ? { cancelSignIn: () => adapters.cancelSignIn?.(auth) } : {}),
    scanner,
    scannerSettings: settings.scanner,
    scannerPlace: settings.kiosk.scannerPlace,
    service: { baseUrl: service.connection.baseUrl, embedded: service.embedded },
    // The patron session gets the circulation calls, not the staff sign-in behind them.
    circulation: sip2?.port ?? {
      memberByBarcode: client.memberByBarcode,
      memberByEmail: client.memberByEmail,
      checkOut: client.checkOut,
      checkIn: client.checkIn,
    },
    ...(sip2 && heartbeat
      ? {
          patronPin: settings.sip2.patronPin,
          circulationOffers: heartbeat.offers,
          onCirculationOffersChange: heartbeat.onOffersChange,
          emailLookup: false,
          servesWithoutSignIn: true,
        }
      : {}),
    patron: settings.patron,
    receiptMode: settings.receipt.mode,
    receiptQuestion: {
      askTimeoutMs: settings.receipt.askTimeoutMs,
      unanswered: settings.receipt.unanswered,
    },
    printing: adapters.receiptPrinting,
    ...(emailReceipts ? { emailReceipt: emailReceipts.send } : {}),
    offline: { circulation: offline, settings: settings.offline },
    metrics: kioskMetrics,
    console: {
      auth,
      settings,
      ...(adapters.settingsStore ? { settingsStore: adapters.settingsStore } : {}),
      ...(adapters.restart ? { restart: adapters.restart } : {}),
      ...(adapters.pageRecoveries ? { pageRecoveries: adapters.pageRecoveries } : {}),
      ...(adapters.stationRestartsFile
        ? { stationRestartsFile: adapters.stationRestartsFile }
        : {}),
      ...(staffPin ? { staffPin } : {}),
      staffCard,
      ...(adapters.documents ? { documents: adapters.documents } : {}),
      ...(adapters.sip2Passwords ? { sip2Passwords: adapters.sip2Passwords } : {}),
      scanner,
      offline,
      // A SIP2 server set up but not yet used by patrons can be tried from diagnostics first.
      ...(sip2
        ? { sip2ProbeOptions: sip2.probeOptions }
        : settings.sip2.host
          ? {
              sip2ProbeOptions: async () =>
                withTestCodes(
                  settings,
                  await sip2ClientOptions(settings, { passwords: adapters.sip2Passwords }),
                ),
            }
          : {}),
      service: {
        baseUrl: service.connection.baseUrl,
        authUrl: service.connection.authUrl,
        embedded: service.embedded,
        clientId: service.connection.clientId,
      },
    },
  });
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
  const headphones = stationHeadphones({
    enabled: settings.accessibility.audioOnHeadphones,
    onPlugged: () => void core.handlers['patron.kiosk.setAccess']({ audio: true }),
  });
  // Not awaited: a sound server slow to answer must not hold the kiosk's start.
  void headphones?.start();

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
    demo,
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
      stopBranchRetry();
      branch.dispose();
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

interface Sip2BackEnd {
  client: Sip2Client;
  /** The six circulation calls the patron session and the offline desk use. */
  port: Required<CirculationPort>;
  host: string;
  portNumber: number;
  /** For the diagnostics screen's SIP2 probe: the same server, with the test card and item. */
  probeOptions: () => Promise<Sip2ProbeOptions>;
}

/**
 * The SIP2 client when the patron flow uses SIP2: to the configured server with its sealed
 * passwords, or to the embedded listener the service started. Absent with the service back end.
 */
async function startSip2BackEnd(
  settings: Settings,
  embedded: RunningSip2 | undefined,
  passwords: Sip2PasswordStore | undefined,
  metrics: KioskMetrics,
  fallbackCodes: TestCodes,
): Promise<Sip2BackEnd | undefined> {
  if (settings.patron.backEnd !== 'sip2') return undefined;
  if (usesEmbeddedSip2(settings) && !embedded) {
    // The settings schema refuses SIP2 without a host beside a configured service; kept for safety.
    throw new Error('sip2.host is empty and no embedded SIP2 listener was started');
  }
  const options = await sip2ClientOptions(settings, embedded ? { embedded } : { passwords });
  const client = createSip2Client({ ...options, log: createLogger('sip2'), metrics });
  log.info('the patron flow uses SIP2', {
    host: options.host,
    port: options.port,
    tls: options.tls !== undefined,
    embedded: embedded !== undefined,
  });
  return {
    client,
    port: {
      memberByBarcode: client.memberByBarcode,
      memberByEmail: client.memberByEmail,
      checkOut: client.checkOut,
      checkIn: client.checkIn,
      memberWithPin: client.memberWithPin,
      endSession: client.endSession,
    },
    host: options.host,
    portNumber: options.port,
    probeOptions: async () => withTestCodes(settings, options, fallbackCodes),
  };
}

type TestCodes = { testCard?: string | undefined; testItem?: string | undefined };

/**
 * The probe's options: the client's, with the test card and item when set, else `fallback`'s
 * (demo mode's card and item, which the built-in SIP2 server knows), and the heartbeat a quiet
 * line of its own is watched for (whether the server drops it sooner).
 */
function withTestCodes(
  settings: Settings,
  options: Omit<Sip2ProbeOptions, 'testCard' | 'testItem' | 'idleCheckSeconds'>,
  fallback: TestCodes = {},
): Sip2ProbeOptions {
  const testCard = settings.sip2.testCard ?? fallback.testCard;
  const testItem = settings.sip2.testItem ?? fallback.testItem;
  return {
    ...options,
    ...(testCard ? { testCard } : {}),
    ...(testItem ? { testItem } : {}),
    idleCheckSeconds: settings.sip2.heartbeatSeconds,
  };
}

/** The SMTP relay for e-mail receipts, with its sealed password, when `receipt.email` is on. */
function receiptMailer(
  settings: Settings,
  passwords: SmtpPasswordStore | undefined,
): ReceiptMailer | undefined {
  const email = settings.receipt.email;
  if (!email.enabled) return undefined;
  return createReceiptMailer({
    settings: email,
    password: async () =>
      passwords
        ? smtpPasswordFor(passwords, { host: email.host, port: email.port, user: email.user })
        : undefined,
  });
}
