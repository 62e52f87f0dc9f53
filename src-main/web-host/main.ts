import path from 'node:path';
import { parseArgs } from 'node:util';
import { bootKiosk } from '../host/bootstrap';
import { demoBootOptions } from '../host/demo';
import { createLogger } from '../log/logger';
import { openKioskBrowser } from './open-browser';
import { startWebHost } from './server';

const log = createLogger('web-host');

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.KIOSK_WEB_PORT ?? '7300' },
    open: { type: 'boolean', default: false },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`Invalid --port / KIOSK_WEB_PORT: ${values.port}\n`);
  process.exit(2);
}

const kiosk = await bootKiosk(await demoBootOptions());
const host = await startWebHost({
  core: kiosk.core,
  rendererDir: path.resolve(import.meta.dirname, '../../dist/renderer'),
  port,
});
process.stdout.write(`Library Kiosk (web host) is running at ${host.url}\n`);
if (values.open) openKioskBrowser(host.url);

const shutdown = async (): Promise<void> => {
  log.info('shutting down');
  await host.stop();
  await kiosk.stop();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
