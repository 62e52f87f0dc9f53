import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_STAFF_PIN } from '../staff-pin/demo-pin';
import { checkKioskFiles } from '../host/kiosk-files';
import { createFileSink } from '../../src-shared/log/file-sink';
import { addLogSink, createLogger } from '../../src-shared/log/logger';
import { createConfSettingsStore } from '../settings/conf-store';
import { noBrowserText } from './no-browser-text';
import { openKioskBrowser } from './open-browser';
import { launchUrlTarget, removeLaunchUrlFile, writeLaunchUrlFile } from './launch-url-file';
import { startWebKiosk } from './web-kiosk';
import type { WebKiosk } from './web-kiosk';
import { portInUse, portInUseMessage, resolvePorts } from '../host/ports';
import { firstTakenPort } from '../host/port-check';
import { configuredConnection } from '../settings/service-connection';
import { removeRunningServiceFile, writeRunningServiceFile } from '../host/running-service-file';
import { openKioskKeys } from '../vault/kiosk-keys';
import { EXIT } from '../../src-shared/exit-codes';

const log = createLogger('web-host');

const { values } = parseArgs({
  options: {
    // Each port: this flag, else its KIOSK_*_PORT variable, else its default (host/ports.ts).
    port: { type: 'string' },
    'base-port': { type: 'string' },
    'auth-port': { type: 'string' },
    'blob-port': { type: 'string' },
    open: { type: 'boolean', default: false },
    demo: { type: 'boolean', default: false },
    // Default: <dataDir>/logs/kiosk.log (rotated at 5 MiB, three files kept).
    'log-file': { type: 'string' },
  },
});

const ports = resolvePorts(
  {
    web: values.port,
    base: values['base-port'],
    auth: values['auth-port'],
    blob: values['blob-port'],
  },
  process.env,
);
if (!ports.ok) {
  process.stderr.write(`${ports.error}\n`);
  process.exit(EXIT.usage);
}
const port = ports.value.web;
const kioskPorts = ports.value;

const store = createConfSettingsStore();
const settings = store.load();
if (!settings.ok) {
  process.stderr.write(`${settings.error.message}\n`);
  process.exit(EXIT.usage);
}
const launchUrl = launchUrlTarget(settings.value.dataDir, process.env);
// The session's copy (read by its group) is checked by systemd's folder for it, not as a secret of
// the data folder's.
const files = checkKioskFiles({
  dataDir: settings.value.dataDir,
  settingsFile: store.location,
  hostFiles: launchUrl.shared ? [] : [{ path: launchUrl.file, holds: 'launch URL (launch key)' }],
});
if (!files.ok) {
  process.stderr.write(`${files.error.message}\n`);
  process.exit(EXIT.usage);
}
// The log goes to this file and to stderr (JSON lines; sentences under `npm start`), redacted alike.
const logFile = values['log-file']
  ? createFileSink({ file: values['log-file'] })
  : createFileSink({
      file: path.join(settings.value.dataDir, 'logs', 'kiosk.log'),
      ownFolder: true,
    });
addLogSink(logFile.sink);

/** A port in use: one sentence on the console; the record (information, not a fault) in the log. */
function refuseTakenPort(port: number): never {
  log.info('the kiosk did not start: a port it needs is in use', { port });
  process.stderr.write(`${portInUseMessage(port, kioskPorts)}\n`);
  logFile.close();
  process.exit(EXIT.usage);
}

// The embedded service's ports only where it runs (no service.baseUrl set).
const clash = await firstTakenPort(
  ports.value,
  configuredConnection(settings.value) ? ['web'] : ['web', 'base', 'auth', 'blob'],
);
if (clash !== undefined) refuseTakenPort(clash);

// The systemd credential, KIOSK_KEY_FILE, or (a checkout, demo mode) the data folder's own keys.
const keys = await openKioskKeys(settings.value.dataDir, process.env);
if (!keys.ok) {
  log.error('the key source was refused', { path: keys.error.path });
  process.stderr.write(`${keys.error.message}\n`);
  logFile.close();
  process.exit(EXIT.usage);
}
if (keys.value.keys.source === 'data-folder') {
  log.warn(
    'the data folder keeps its own keys (keys/): a copy of the folder reads the staff sign-in and the offline journal; give the kiosk a systemd credential or KIOSK_KEY_FILE (docs/deployment.md)',
  );
} else {
  log.info('the data folder is sealed with a master key kept outside it', {
    source: keys.value.keys.source,
  });
}

let web: WebKiosk;
try {
  web = await startWebKiosk({
    settings: settings.value,
    port,
    embeddedService: {
      ports: { base: ports.value.base, auth: ports.value.auth, blob: ports.value.blob },
    },
    demo: values.demo,
    settingsStore: store,
    keys: keys.value.keys,
    // The session's restart history, in its own folder where it runs as another user.
    ...(process.env.KIOSK_STATION_RESTARTS_FILE
      ? { stationRestartsFile: path.resolve(process.env.KIOSK_STATION_RESTARTS_FILE) }
      : {}),
  });
} catch (error) {
  // One line, never a stack trace: the log (and its file) keeps the details.
  const taken = portInUse(error);
  if (taken !== undefined) refuseTakenPort(taken);
  log.error('the kiosk failed to start', { error });
  process.stderr.write(
    `Library Kiosk could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  logFile.close();
  process.exit(EXIT.internal);
}
const { connection } = web.kiosk;
// The CLI run with this data folder finds the embedded service here (`npx library-kiosk probe`).
if (connection.embedded) {
  await writeRunningServiceFile(settings.value.dataDir, {
    pid: process.pid,
    baseUrl: connection.baseUrl,
    authUrl: connection.authUrl,
  });
}
// The launch URL holds this run's key: it goes to a file only this user (or the session's group)
// can read, never to output.
const launchUrlFile = await writeLaunchUrlFile(launchUrl, web.host.launchUrl);
process.stdout.write(
  `Library Kiosk (web host) is running at ${web.host.url}; the kiosk's address with its launch key is in ${launchUrlFile}\n`,
);
process.stdout.write(
  connection.embedded
    ? `Library service: embedded reference service at ${connection.baseUrl}\n`
    : `Library service: ${connection.baseUrl}\n`,
);
if (web.kiosk.sip2) {
  const { host, port } = web.kiosk.sip2;
  process.stdout.write(`Patrons' check-outs and returns: SIP2 at ${host}:${port}\n`);
}
// Outside demo mode the embedded service has no account with a published password: say how
// staff get one, or nobody can sign the kiosk in.
if (connection.embedded && !web.kiosk.demo) {
  const serviceDir = path.join(settings.value.dataDir, 'reference-service');
  process.stdout.write(
    `Staff accounts of the embedded service (no demo accounts outside demo mode): npm run service -- add-staff --data-dir ${serviceDir} --username <user> --name <name> --email <email>\n`,
  );
}
if (!settings.value.staff.pinHash) {
  process.stdout.write(
    web.kiosk.demo
      ? `Demo mode. Staff mode (Ctrl+Alt+S): demo PIN ${DEMO_STAFF_PIN} until one is set with \`npx library-kiosk set-pin\`\n`
      : 'Staff mode is shut until a PIN is set with `npx library-kiosk set-pin`\n',
  );
}
if (values.open) {
  void openKioskBrowser(web.host.launchUrl, (reason) =>
    process.stdout.write(
      `${noBrowserText(reason, web.kiosk.demo, web.host.launchUrl, launchUrlFile)}\n`,
    ),
  );
}

const shutdown = async (): Promise<void> => {
  log.info('shutting down');
  await web.stop();
  await removeLaunchUrlFile(launchUrlFile);
  if (connection.embedded) await removeRunningServiceFile(settings.value.dataDir);
  logFile.close();
  process.exit(EXIT.ok);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
