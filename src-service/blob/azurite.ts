import { BlobServiceClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createLogger } from '../../src-shared/log/logger';
import { BLOB_ACCOUNT, BLOB_CONTAINER, HOST } from '../config';
import { ALLOWED_HOST_NAMES_ENV, LOOPBACK_HOST_NAMES } from '../http/host-check';

const log = createLogger('service:azurite');
const STARTUP_TIMEOUT_MS = 30_000;

export interface RunningAzurite {
  /** http://127.0.0.1:<port>/devstoreaccount1 */
  blobUrl: string;
  stop(): Promise<void>;
}

const CHILD_SCRIPT = fileURLToPath(new URL('./azurite-child.mjs', import.meta.url));

/**
 * Runs Azurite's blob service as a child process on loopback, telemetry off, files under
 * `location`, with `accountKey` as the only key of the account (AZURITE_ACCOUNTS replaces the
 * published development key) and a Host check in front of it (azurite-child.mjs), and makes sure
 * the documents container exists.
 */
export async function startAzurite(
  location: string,
  port: number,
  accountKey: string,
): Promise<RunningAzurite> {
  mkdirSync(location, { recursive: true });
  const child = spawn(
    process.execPath,
    [
      CHILD_SCRIPT,
      '--disableTelemetry',
      '--blobHost',
      HOST,
      '--blobPort',
      String(port),
      '--location',
      location,
      '--silent',
      // @azure/storage-blob speaks a newer API version than this Azurite knows; the SAS pins one it knows.
      '--skipApiVersionCheck',
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      // In the environment, not on the command line: other users can list command lines.
      env: {
        ...process.env,
        AZURITE_ACCOUNTS: `${BLOB_ACCOUNT}:${accountKey}`,
        [ALLOWED_HOST_NAMES_ENV]: JSON.stringify(LOOPBACK_HOST_NAMES),
      },
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let actualPort: number;
  try {
    actualPort = await waitForPort(child);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw error;
  }
  const blobUrl = `http://${HOST}:${actualPort}/${BLOB_ACCOUNT}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
  };
  try {
    const service = new BlobServiceClient(
      blobUrl,
      new StorageSharedKeyCredential(BLOB_ACCOUNT, accountKey),
    );
    await service.getContainerClient(BLOB_CONTAINER).createIfNotExists();
  } catch (error) {
    await stop();
    throw error;
  }
  return { blobUrl, stop };
}

function waitForPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error('Azurite did not start within 30 s.')),
      STARTUP_TIMEOUT_MS,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const port = /listens on http:\/\/[^:]+:(\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve(Number(port));
      }
    });
    child.stderr?.on('data', (chunk: Buffer) =>
      log.warn('azurite stderr', { text: chunk.toString('utf8').trim() }),
    );
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Azurite exited before listening (code ${code}): ${output.trim()}`));
    });
  });
}
