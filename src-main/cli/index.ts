import { createLogger, setLogLevel } from '../../src-shared/log/logger';
import { EXIT } from './exit-codes';
import { main } from './main';

// Diagnostics stay quiet on the terminal unless asked for (KIOSK_LOG_LEVEL=info or debug).
if (!process.env.KIOSK_LOG_LEVEL) setLogLevel('error');

const controller = new AbortController();
process.once('SIGINT', () => controller.abort());

try {
  process.exitCode = await main(
    process.argv.slice(2),
    process.env,
    { stdout: process.stdout, stderr: process.stderr },
    controller.signal,
  );
} catch (error) {
  createLogger('cli').error('unexpected failure', { error });
  process.exitCode = EXIT.internal;
}
