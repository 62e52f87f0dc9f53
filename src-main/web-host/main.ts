import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_STAFF_PIN, checkKioskFiles } from '../host/bootstrap';
import { createFileSink } from '../../src-shared/log/file-sink';
import { addLogSink, createLogger } from '../../src-shared/log/logger';
import { createConfSettingsStore } from '../settings/conf-store';
import { openKioskBrowser } from './open-browser';
import { LAUNCH_URL_FILE, removeLaunchUrlFile, writeLaunchUrlFile } from './launch-url-file';
import { startWebKiosk } from './web-kiosk';

const log = createLogger('web-host');

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.KIOSK_WEB_PORT ?? '7300' },
    open: { type: 'boolean', default: false },
    demo: { type: 'boolean', default: false },
    // Default: <dataDir>/logs/kiosk.log (rotated at 5 MiB, three files kept).
    'log-file': { type: 'string' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`Invalid setting port (from --port or KIOSK_WEB_PORT): ${values.port}\n`);
  process.exit(2);
}

const store = createConfSettingsStore();
const settings = store.load();
if (!settings.ok) {
  process.stderr.write(`${settings.error.message}\n`);
  process.exit(2);
}
const files = checkKioskFiles({
  dataDir: settings.value.dataDir,
  settingsFile: store.location,
  hostFiles: [
    { path: path.join(settings.value.dataDir, LAUNCH_URL_FILE), holds: 'launch URL (launch key)' },
  ],
});
if (!files.ok) {
  process.stderr.write(`${files.error.message}\n`);
  process.exit(2);
}
// The log goes to stderr and to this file, redacted alike.
const logFile = values['log-file']
  ? createFileSink({ file: values['log-file'] })
  : createFileSink({
      file: path.join(settings.value.dataDir, 'logs', 'kiosk.log'),
      ownFolder: true,
    });
addLogSink(logFile.sink);

const web = await startWebKiosk({
  settings: settings.value,
  port,
  demo: values.demo,
  settingsStore: store,
});
const { connection } = web.kiosk;
// The launch URL holds this run's key: it goes to a file only this user can read, never to output.
const launchUrlFile = await writeLaunchUrlFile(settings.value.dataDir, web.host.launchUrl);
process.stdout.write(
  `Library Kiosk (web host) is running at ${web.host.url}; the kiosk's address with its launch key is in ${launchUrlFile}\n`,
);
process.stdout.write(
  connection.embedded
    ? `Library service: embedded reference service at ${connection.baseUrl}\n`
    : `Library service: ${connection.baseUrl}\n`,
);
if (!settings.value.staff.pinHash) {
  process.stdout.write(
    web.kiosk.demo
      ? `Demo mode. Staff mode (Ctrl+Alt+S): demo PIN ${DEMO_STAFF_PIN} until one is set with \`npx library-kiosk set-pin\`\n`
      : 'Staff mode is shut until a PIN is set with `npx library-kiosk set-pin`\n',
  );
}
if (values.open) openKioskBrowser(web.host.launchUrl, `the address in ${launchUrlFile}`);

const shutdown = async (): Promise<void> => {
  log.info('shutting down');
  await web.stop();
  await removeLaunchUrlFile(launchUrlFile);
  logFile.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
