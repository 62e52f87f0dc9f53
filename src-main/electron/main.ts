import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, dialog, ipcMain } from 'electron';
import type { BrowserWindow, WebContents } from 'electron';
import type { StaffAuth } from '../auth/staff-auth';
import { bootKiosk } from '../host/bootstrap';
import type { BootedKiosk } from '../host/bootstrap';
import { checkKioskFiles } from '../host/kiosk-files';
import { chromiumFetch } from './chromium-fetch';
import { navigationAllowed } from '../host/lockdown';
import { EXIT } from '../../src-shared/exit-codes';
import { createFileSink } from '../../src-shared/log/file-sink';
import { addLogSink, createLogger } from '../../src-shared/log/logger';
import { redactText } from '../../src-shared/log/redact';
import type { Settings } from '../settings/schema';
import type { SettingsStore } from '../settings/store';
import { registerAppSchemePrivileges, serveRenderer } from './app-protocol';
import { APP_ORIGIN } from './channels';
import { pdfPicker } from './document-dialog';
import { hardenApp } from './hardening';
import { wireIpc } from './ipc-main';
import { openOnPageShown } from './page-shown';
import { pageShownGate } from '../host/page-shown-gate';
import { silentReceiptPrinting } from './print-receipt';
import { listenForRedirects, registerRedirectScheme } from './protocol-redirect';
import { createSafeStorageJournalKey } from './safe-storage-journal-key';
import { safeStorageFiles } from './safe-storage-entry';
import { createSafeStorageVault } from './safe-storage-vault';
import { createSafeStorageClientSecret } from './safe-storage-client-secret';
import { createSafeStorageSip2Passwords } from './safe-storage-sip2-passwords';
import { createSafeStorageSmtpPassword } from './safe-storage-smtp-password';
import type { SecretSources } from './secret-input';
import { SECRET_COMMANDS } from './secret-commands';
import type { SecretCommand, SecretCommandName } from './secret-commands';
import { setPin } from './set-pin';
import { LOCKOUT_CLEARED_MESSAGE, clearLockoutIn } from '../staff-pin/lockout-clear';
import { restartPlan } from './restart';
import { SETTINGS_STORE, createElectronSettingsStore } from './settings-store';
import { decideSignInPresentation } from './sign-in-presentation';
import { signInPresenter } from './sign-in-presenter';
import { electronEmbeddedService } from './utility-process-launcher';
import { portFlags, portInUse, portInUseMessage, resolvePorts } from '../host/ports';
import type { KioskPorts } from '../host/ports';
import { bringToFront, createKioskWindow } from './window';
import { endStartupWatches, startupStages } from '../host/startup-stages';
import { RECOVERY_LIMITS, createPageRecovery, laterRendererMetrics } from '../host/page-recovery';
import { watchChildProcesses, watchKioskPage } from './page-watch';

const log = createLogger('electron');
const here = path.dirname(fileURLToPath(import.meta.url));

/** The Electron host's log file, in `app.getPath('logs')`; rotated by file-sink.ts. */
export const LOG_FILE_NAME = 'kiosk.log';

/** How long an exit for the session to restart waits for the kiosk to stop. */
const STOP_BEFORE_EXIT_MS = 10_000;

/**
 * A refusal whose message says all there is to say (a setting, a file): the CLI's `usage` exit
 * code (2). Exit codes are the one table (src-shared/exit-codes.ts, docs/sign-in-and-cli.md).
 */
class StartupRefusal extends Error {}

/** The ports this start uses, once read: a port in use is then named with its setting. */
let kioskPorts: KioskPorts | undefined;

type Mode = 'kiosk' | 'set-pin' | 'clear-pin-lockout' | SecretCommandName;

function modeOf(argv: readonly string[]): Mode {
  if (argv.includes('--set-pin')) return 'set-pin';
  if (argv.includes('--clear-pin-lockout')) return 'clear-pin-lockout';
  if (argv.includes('--set-client-secret')) return 'set-client-secret';
  if (argv.includes('--set-sip2-password')) return 'set-sip2-password';
  if (argv.includes('--set-smtp-password')) return 'set-smtp-password';
  return 'kiosk';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The one error path of start-up, whatever the step and whether it threw or returned an error:
 * a line on stderr naming the cause, the reason in the log (and so in the log file), and
 * `app.exit` with `usage` (2) for what staff must fix (settings, files) or `internal` (1) for
 * anything else.
 */
function failStartup(mode: Mode, error: unknown): void {
  const taken = kioskPorts ? portInUse(error) : undefined;
  const refused = error instanceof StartupRefusal || taken !== undefined;
  const cause = redactText(messageOf(error));
  const message = refused
    ? taken !== undefined && kioskPorts
      ? portInUseMessage(taken, kioskPorts)
      : cause
    : mode === 'kiosk'
      ? `Library Kiosk could not start: ${cause}`
      : `Library Kiosk could not run --${mode}: ${cause}`;
  process.stderr.write(`${message}\n`);
  log.error(mode === 'kiosk' ? 'the kiosk failed to start' : `--${mode} failed`, {
    reason: message,
  });
  endStartupWatches();
  app.exit(refused ? EXIT.usage : EXIT.internal);
}

/** The log file next to stderr: `<logs>/kiosk.log`, 5 MiB x 3 files, 0600 in a 0700 folder. */
function startLogFile(): void {
  // Without it, Linux and Windows have no logs folder of their own: inside userData.
  app.setAppLogsPath();
  const file = path.join(app.getPath('logs'), LOG_FILE_NAME);
  addLogSink(createFileSink({ file, ownFolder: true }).sink);
}

interface LoadedSettings {
  store: SettingsStore;
  settings: Settings;
}

/** The settings and the start-up file check; anything wrong is a StartupRefusal. */
function loadSettings(): LoadedSettings {
  let store: SettingsStore;
  let loaded: ReturnType<SettingsStore['load']>;
  try {
    store = createElectronSettingsStore();
    loaded = store.load();
  } catch (error) {
    // settings-store.ts reports an unreadable file as a result; a throw still ends here.
    const file = path.join(app.getPath('userData'), `${SETTINGS_STORE.name}.json`);
    throw new StartupRefusal(
      `The settings file ${file} could not be read (${messageOf(error)}). Fix or remove it, then start the kiosk again.`,
    );
  }
  if (!loaded.ok) throw new StartupRefusal(loaded.error.message);
  const files = checkKioskFiles({
    dataDir: loaded.value.dataDir,
    settingsFile: store.location,
    hostFiles: safeStorageFiles(),
  });
  if (!files.ok) throw new StartupRefusal(files.error.message);
  return { store, settings: loaded.value };
}

function handleRedirect(auth: StaffAuth, url: string): void {
  auth
    .handleRedirect(url)
    .catch((error: unknown) => log.error('redirect handling failed', { error }));
}

/**
 * The kiosk. Its first steps run synchronously, before `ready` can be emitted: the single-instance
 * lock first (a second instance hands its argv to the first and quits), then the log file, the
 * `app:` scheme's privileges (only before `ready`), the menu and the navigation and permission
 * guards (before any window or session exists), the settings, and the redirect listeners (macOS
 * sends `open-url` early). Everything else waits for `ready`.
 */
async function runKiosk(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    process.stderr.write(
      'Library Kiosk is already running: it was handed this start (its window comes to the front, or it takes the sign-in redirect). This one quits.\n',
    );
    app.quit();
    return;
  }
  startLogFile();
  // One log line per stage with its duration; a start stuck in a stage is named (startup-stages.ts).
  const stages = startupStages('electron', 'settings');
  registerAppSchemePrivileges();
  // The embedded service's ports: --base-port ... (through `npm start --`) or KIOSK_*_PORT.
  const ports = resolvePorts(portFlags(process.argv), process.env);
  if (!ports.ok) throw new StartupRefusal(ports.error);
  kioskPorts = ports.value;

  // Only the sign-in page (its own view and session) may leave the app, and only for the
  // authorization server: auth_url, and the discovered authorization endpoint once a sign-in
  // starts.
  const authOrigins = new Set<string>();
  // The kiosk window, once there is one (the guards and handlers below are installed before).
  // Its webContents is kept apart, so that the guard never reads a destroyed window.
  const kioskWindow: { current?: BrowserWindow; contents?: WebContents } = {};
  hardenApp((contents, url) =>
    navigationAllowed(
      url,
      {
        kioskSession:
          kioskWindow.contents !== undefined && contents.session === kioskWindow.contents.session,
      },
      { appOrigin: APP_ORIGIN, authOrigins },
    ),
  );
  // Someone started the kiosk again, or the system browser handed the sign-in back.
  app.on('second-instance', () => bringToFront(kioskWindow.current));
  app.on('window-all-closed', () => app.quit());

  const { store, settings } = loadSettings();
  stages.mark('settings', 'app ready');
  const { redirectUri } = settings.service;
  // A loopback redirect needs a listener the Electron host does not run, and registering `http`
  // as this app's scheme would make the kiosk the system's web browser.
  if (/^https?:/i.test(redirectUri)) {
    throw new StartupRefusal(
      'Invalid setting service.redirectUri: the Electron kiosk needs a private-use scheme such as org.example.librarykiosk:/oauth/callback.',
    );
  }
  const redirect = listenForRedirects(redirectUri);
  const decision = decideSignInPresentation({
    configured: settings.signInPresentation,
    appImage: process.env.APPIMAGE,
    registerScheme: () => registerRedirectScheme(redirectUri),
  });
  if (decision.fallbackReason) {
    log.warn('system-browser sign-in is not available: staff sign in in the sign-in window', {
      reason: decision.fallbackReason,
    });
  }

  // Set by the settings screen's restart under the session script: the status that asks it to
  // start the kiosk again (restart.ts), given once the kiosk has stopped.
  let exitCodeAfterStop: number | undefined;
  await app.whenReady();
  stages.mark('app ready', 'secure storage');
  serveRenderer(path.join(here, '../renderer'));
  const window = createKioskWindow({
    preload: path.join(here, '../preload/preload.cjs'),
    kiosk: !process.argv.includes('--windowed'),
  });
  kioskWindow.current = window;
  kioskWindow.contents = window.webContents;
  // The kiosk once booted, and how it is stopped: once, by a quit or by an exit below.
  const started: { kiosk?: BootedKiosk } = {};
  const unwatch: (() => void)[] = [];
  let stopping: Promise<void> | undefined;
  const stopKiosk = (): Promise<void> =>
    (stopping ??= (async () => {
      // What the stop ends (the embedded service's children, the page) is not a loss to report.
      for (const stop of unwatch.splice(0)) stop();
      await started.kiosk?.stop();
    })().catch((error: unknown) => log.error('the kiosk did not stop cleanly', { error })));
  // An exit the session restarts after (a page that keeps crashing): the kiosk is stopped first,
  // so that nothing it started (the embedded service, `pactl subscribe`) outlives it.
  const exitAfterStop = (code: number): void => {
    const stopped = stopKiosk();
    const bounded = new Promise((resolve) => setTimeout(resolve, STOP_BEFORE_EXIT_MS).unref());
    void Promise.race([stopped, bounded]).finally(() => app.exit(code));
  };
  // A crashed or hung page is reloaded; too many crashes end the process for the station's
  // session to start the kiosk afresh.
  const rendererMetrics = laterRendererMetrics();
  const pageRecovery = createPageRecovery(RECOVERY_LIMITS, Date.now, rendererMetrics.metrics);
  unwatch.push(
    watchKioskPage(window, { recovery: pageRecovery, exit: exitAfterStop, ipc: ipcMain }),
  );
  // The names the embedded service's utility processes were forked with (page-watch.ts).
  const forkedServices = new Set<string>();
  unwatch.push(watchChildProcesses(app, forkedServices, () => undefined));
  const signIn = signInPresenter({
    presentation: decision.presentation,
    redirectUri,
    window,
    authOrigins,
    // Staff typing in the sign-in page are at work: staff mode stays open meanwhile.
    onStaffInput: () => void started.kiosk?.core.admitStaff(),
  });
  const sealing = { allowBasicTextEncryption: settings.allowBasicTextEncryption };
  const vault = await createSafeStorageVault(sealing);
  const clientSecrets = await createSafeStorageClientSecret(sealing);
  const sip2Passwords = await createSafeStorageSip2Passwords(sealing);
  const smtpPassword = await createSafeStorageSmtpPassword(sealing);
  const journalKeys = await createSafeStorageJournalKey(sealing);
  stages.mark('secure storage', 'kiosk');
  // Azurite's child starts once the page has painted its first screen, as in the web host
  // (page-shown.ts; after 10 s without a page it starts anyway).
  const pageShown = pageShownGate();
  unwatch.push(openOnPageShown(ipcMain, window.webContents, pageShown));
  const booted = await bootKiosk(settings, {
    hostKind: 'electron',
    vault,
    clientSecrets,
    sip2Passwords,
    smtpPassword,
    journalKeys,
    presentSignIn: signIn.present,
    cancelSignIn: signIn.cancel,
    receiptPrinting: silentReceiptPrinting(window.webContents, settings.receipt.printer),
    // The embedded service's Azurite child runs as a utility process (never process.execPath,
    // the kiosk itself), and SQLite from the Electron build of better-sqlite3.
    embeddedService: {
      ...electronEmbeddedService(forkedServices),
      ports: { base: ports.value.base, auth: ports.value.auth, blob: ports.value.blob },
      blobStoreAfter: pageShown.opened,
    },
    // Demo mode is for a checkout (`npm start`); a packaged build never honours --demo.
    demo: process.argv.includes('--demo') && !app.isPackaged,
    settingsStore: store,
    // The settings screen's restart: a new process reads the saved settings; quit (not exit)
    // first stops this one cleanly through before-quit below (restart.ts: how it comes back).
    restart: async () => {
      const plan = restartPlan(process.env, process.argv);
      log.info('restarting after a settings change', { by: plan.kind });
      if (plan.kind === 'exit') exitCodeAfterStop = plan.code;
      else app.relaunch(plan.options);
      app.quit();
    },
    documents: { pick: pdfPicker(dialog, window) },
    pageRecoveries: () => pageRecovery.tally(),
    // Chromium's network stack: a library's private certificate authority, trusted by the
    // station, works here as it does for the sign-in page (chromium-fetch.ts).
    fetch: chromiumFetch(),
  });
  started.kiosk = booted;
  stages.mark('kiosk', 'page load');
  rendererMetrics.attach(booted.metrics.kiosk);
  authOrigins.add(new URL(booted.connection.authUrl).origin);
  redirect.setHandler((url) => {
    bringToFront(window);
    handleRedirect(booted.auth, url);
  });
  unwatch.push(wireIpc(booted.core, window));
  app.on('before-quit', (event) => {
    if (stopping) return;
    // Stop the embedded service and the scanner cleanly before the process goes.
    event.preventDefault();
    void stopKiosk().finally(() =>
      exitCodeAfterStop === undefined ? app.quit() : app.exit(exitCodeAfterStop),
    );
  });
  await window.loadURL(`${APP_ORIGIN}/index.html`);
  stages.mark('page load');
  log.info('the kiosk is running', {
    service: booted.connection.embedded ? 'embedded' : 'configured',
    signIn: decision.presentation,
  });
}

/** Where the two commands read their line: --from-file, an environment variable, or stdin. */
function secretSources(): SecretSources {
  return { argv: process.argv, env: process.env, stdin: process.stdin, stderr: process.stderr };
}

/**
 * `--set-pin`: no single-instance lock. It only writes the PIN hash into settings.json, which
 * electron-store writes atomically (a temporary file renamed over it) and which the running kiosk
 * reads only when it starts: taking the lock would make it a second instance that quits without
 * saving. It needs nothing from `ready` either, and is awaited at the top level (below).
 */
async function runSetPin(): Promise<void> {
  const { store } = loadSettings();
  const problem = await setPin(store, secretSources());
  if (problem) {
    process.stderr.write(`${problem}\n`);
    app.exit(EXIT.usage);
    return;
  }
  process.stdout.write(
    `Staff PIN saved (as a hash) in ${store.location}. A kiosk already running keeps the PIN it started with until it restarts.\n`,
  );
  app.exit(EXIT.ok);
}

/**
 * `--clear-pin-lockout`: staff on the station end a staff PIN lockout (one a patron keeps at its
 * maximum with a wrong PIN each time it ends). It writes the attempt file in the data folder,
 * which a running kiosk reads again at the next PIN, so it takes no single-instance lock; the
 * clear goes to the log file, without a PIN.
 */
function runClearPinLockout(): void {
  const { settings } = loadSettings();
  const clear = clearLockoutIn(settings.dataDir);
  if (clear.cleared) {
    startLogFile();
    log.warn(LOCKOUT_CLEARED_MESSAGE, clear.logData);
  }
  process.stdout.write(`${clear.text}\n`);
  app.exit(EXIT.ok);
}

interface SecretJob {
  settings: Settings;
  /** undefined: --clear. */
  secret: string | undefined;
}

/**
 * A `--set-<secret>` command's first half (secret-commands.ts): the settings and the secret, read
 * before `ready` (awaited at the top level, below). undefined when it refused (and has exited).
 */
async function readSecretJob(command: SecretCommand): Promise<SecretJob | undefined> {
  const { settings } = loadSettings();
  if (process.argv.includes('--clear')) return { settings, secret: undefined };
  const secret = await command.read(settings, secretSources());
  if (typeof secret === 'string') return { settings, secret };
  process.stderr.write(`${secret.problem}\n`);
  app.exit(EXIT.usage);
  return undefined;
}

/**
 * Its second half: safeStorage needs `ready`. No single-instance lock: these stores are written
 * only by these commands and read by the kiosk at its start (the relay's at each receipt).
 */
async function sealSecretJob(command: SecretCommand, job: SecretJob): Promise<void> {
  await app.whenReady();
  const stored = await command.seal(job.settings, job.secret, process.argv);
  if (!stored.ok) {
    process.stderr.write(`${stored.error.message}\n`);
    // As the CLI's set-* commands: a store that failed to write is `internal`; no secure
    // storage or no service configured is the station's setup, `usage`.
    app.exit(stored.error.kind === 'vault.io' ? EXIT.internal : EXIT.usage);
    return;
  }
  process.stdout.write(`${stored.value}\n`);
  app.exit(EXIT.ok);
}

const mode = modeOf(process.argv);
const fail = (error: unknown): void => failStartup(mode, error);
// Electron starts its display once this module's evaluation has ended (a top-level await holds
// that back); without a display that start can end the process. So what needs no `ready` is
// awaited here: the PIN is saved and the exit given before then, and the client secret read.
// Never `whenReady` at the top level: `ready` waits for the top level, and would never come.
if (mode === 'set-pin') {
  await runSetPin().catch(fail);
} else if (mode === 'clear-pin-lockout') {
  try {
    runClearPinLockout();
  } catch (error) {
    fail(error);
  }
} else if (mode !== 'kiosk') {
  const command = SECRET_COMMANDS[mode];
  const job = await readSecretJob(command).catch(fail);
  if (job) sealSecretJob(command, job).catch(fail);
} else {
  // An async function runs synchronously up to its first await: the steps before `ready` happen
  // now, during this module's evaluation, and a throw anywhere becomes the rejection handled here.
  runKiosk().catch(fail);
}
