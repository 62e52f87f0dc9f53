import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { definedEnv } from '../../src-shared/child-launcher';
import { createLogger } from '../../src-shared/log/logger';
import { nodeChildLauncher, type ChildLauncher, type LaunchedChild } from '../child-launcher';
import { BLOB_ACCOUNT, BLOB_CONTAINER, HOST } from '../config';
import { ALLOWED_HOST_NAMES_ENV, LOOPBACK_HOST_NAMES } from '../../src-shared/http/host-check.mjs';

const log = createLogger('service:azurite');
const STARTUP_TIMEOUT_MS = 30_000;

export interface RunningAzurite {
  /** http://127.0.0.1:<port>/devstoreaccount1 */
  blobUrl: string;
  stop(): Promise<void>;
}

/**
 * The child script sits beside this module: in a checkout (src-reference-service/blob/, run by tsx) and in
 * the build, where scripts/build.js copies it next to the code-split chunk that holds this module
 * (dist/main/azurite-child.mjs; test/unit/packaging/bundle-contents.test.ts checks both ends).
 */
export const AZURITE_CHILD_SCRIPT = fileURLToPath(new URL('./azurite-child.mjs', import.meta.url));

/**
 * Runs Azurite's blob service as a child process on loopback, telemetry off, files under
 * `location`, with `accountKey` as the only key of the account (AZURITE_ACCOUNTS replaces the
 * published development key) and a Host check in front of it (azurite-child.mjs), and makes sure
 * the documents container exists, its blobs readable by their address without a signature. `launch` starts the child: Node's own by default, Electron's
 * utility process when the kiosk embeds the service.
 */
export async function startAzurite(
  location: string,
  port: number,
  accountKey: string,
  launch: ChildLauncher = nodeChildLauncher,
): Promise<RunningAzurite> {
  mkdirSync(location, { recursive: true });
  const child = launch({
    script: AZURITE_CHILD_SCRIPT,
    name: 'Library Kiosk blob storage (Azurite)',
    args: [
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
    // In the environment, not on the command line: other users can list command lines.
    env: {
      ...definedEnv(process.env),
      AZURITE_ACCOUNTS: `${BLOB_ACCOUNT}:${accountKey}`,
      [ALLOWED_HOST_NAMES_ENV]: JSON.stringify(LOOPBACK_HOST_NAMES),
    },
  });
  // Loaded while the child starts, not before (the library takes a good part of a second): the
  // service is up sooner (issue 37 item 16).
  const blobLibrary = import('@azure/storage-blob');
  blobLibrary.catch(() => undefined);
  let actualPort: number;
  try {
    actualPort = await waitForPort(child, port);
  } catch (error) {
    child.kill('SIGKILL');
    await child.exited;
    throw error;
  }
  const blobUrl = `http://${HOST}:${actualPort}/${BLOB_ACCOUNT}`;
  const stop = async (): Promise<void> => {
    if (!child.hasExited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await child.exited;
      clearTimeout(timer);
    }
  };
  try {
    const { BlobServiceClient, StorageSharedKeyCredential } = await blobLibrary;
    const service = new BlobServiceClient(
      blobUrl,
      new StorageSharedKeyCredential(BLOB_ACCOUNT, accountKey),
    );
    // Published documents are public, as a library's are: anyone with a blob's address reads it
    // (`blob`: no listing of the container). A folder made before that gets the same access.
    const container = service.getContainerClient(BLOB_CONTAINER);
    const created = await container.createIfNotExists({ access: 'blob' });
    if (!created.succeeded) await container.setAccessPolicy('blob');
  } catch (error) {
    await stop();
    throw error;
  }
  return { blobUrl, stop };
}

/** Azurite's own words when its port is taken: the kiosk names the port and how to move it. */
const PORT_IN_USE = /EADDRINUSE/;

function waitForPort(child: LaunchedChild, requestedPort: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    let errors = '';
    const timer = setTimeout(
      () => reject(new Error('Azurite did not start within 30 s.')),
      STARTUP_TIMEOUT_MS,
    );
    child.stdout?.on('data', (chunk: Buffer | string) => {
      output += chunk.toString();
      const port = /listens on http:\/\/[^:]+:(\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve(Number(port));
      }
    });
    child.stderr?.on('data', (chunk: Buffer | string) => {
      const text = chunk.toString();
      errors += text;
      // A port in use is reported by the kiosk in words; anything else is worth a warning.
      if (PORT_IN_USE.test(text)) log.debug('azurite stderr', { text: text.trim() });
      else log.warn('azurite stderr', { text: text.trim() });
    });
    void child.exited.then(async (code) => {
      clearTimeout(timer);
      // 'exit' can come before the last of stderr is read: wait for its end (briefly).
      await drained(child.stderr);
      const failure = new Error(`Azurite exited before listening (code ${code}): ${output.trim()}`);
      // Shaped like Node's own listen error, so callers read it the same way.
      if (PORT_IN_USE.test(errors) || PORT_IN_USE.test(output)) {
        Object.assign(failure, { code: 'EADDRINUSE', port: requestedPort });
      }
      reject(failure);
    });
  });
}

function drained(stream: LaunchedChild['stderr']): Promise<void> {
  const readable = stream as (NodeJS.ReadableStream & { readableEnded?: boolean }) | null;
  if (!readable || readable.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 1_000);
    readable.once('end', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
