/**
 * The staff tokens belong to the service address, the sign-in server and the client they were
 * issued for (issue 22, item 1). A web host signed in to the reference service is pointed at
 * another address on this machine (a server that records what it is sent) and restarted, as the
 * settings screen or an import would: the old bearer token must never reach the new address.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createConfSettingsStore } from '../../../src-main/settings/conf-store';
import type { StoredSettings } from '../../../src-main/settings/resolve';
import { createFileVault, fileVaultPaths } from '../../../src-main/vault/file-vault';
import { startWebKiosk } from '../../../src-main/web-host/web-kiosk';
import type { WebKiosk } from '../../../src-main/web-host/web-kiosk';
import { signInOverHttp } from '../../support/sign-in-over-http';
import { LIBRARIAN, startTestService } from './harness';
import type { TestService } from './harness';
import { asMember } from '../../support/barcodes';

interface Captured {
  url: string;
  authorization: string | undefined;
  body: string;
}

/** A stand-in for "another library service": answers 200 to everything and keeps what it got. */
async function startCapturingServer(): Promise<{
  url: string;
  requests: Captured[];
  server: Server;
}> {
  const requests: Captured[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      requests.push({ url: request.url ?? '', authorization: request.headers.authorization, body });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, requests, server };
}

let test: TestService;
let dir: string;
let rendererDir: string;
const running: WebKiosk[] = [];
const servers: Server[] = [];

beforeAll(async () => {
  test = await startTestService();
  dir = await mkdtemp(path.join(tmpdir(), 'kiosk-binding-'));
  rendererDir = path.join(dir, 'renderer');
  await import('node:fs/promises').then((fs) => fs.mkdir(rendererDir));
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((web) => web.stop()));
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

afterAll(async () => {
  await test?.stop();
  await rm(dir, { recursive: true, force: true });
});

let kioskCount = 0;

/** A web host with its own data folder and settings file, signed in to the reference service. */
async function signedInKiosk(service: StoredSettings['service']) {
  kioskCount += 1;
  const dataDir = path.join(dir, `kiosk-${kioskCount}`);
  const store = createConfSettingsStore({ directory: dataDir, env: { KIOSK_DATA_DIR: dataDir } });
  const saved = store.save({ service });
  if (!saved.ok) throw new Error(saved.error.message);
  const web = await startWebKiosk({
    settings: saved.value,
    port: 0,
    rendererDir,
    settingsStore: store,
  });
  running.push(web);
  const { authorizationUrl } = await web.kiosk.auth.beginSignIn({ redirectUri: web.redirectUri });
  const redirect = await signInOverHttp(authorizationUrl, LIBRARIAN);
  const signedIn = await web.kiosk.auth.handleRedirect(redirect.toString());
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.error.kind}`);
  const loaded = await createFileVault(fileVaultPaths(dataDir)).load();
  if (!loaded.ok || !loaded.value) throw new Error('no tokens stored after the sign-in');
  return { web, store, dataDir, tokens: loaded.value };
}

/** What the kiosk sends the service in a working day: a staff read and a patron's card. */
async function useTheService(web: WebKiosk): Promise<void> {
  await web.kiosk.auth.client.listBranches();
  await web.kiosk.auth.client.getUserInfo();
  await web.kiosk.auth.client.memberByBarcode(asMember('24410000000011'));
}

describe('staff tokens are bound to the service address, sign-in server and client', () => {
  it('a restart with another service address (the sign-in server kept) sends the old bearer token nowhere and asks staff to sign in again', async () => {
    const capture = await startCapturingServer();
    servers.push(capture.server);
    const { web, store, dataDir, tokens } = await signedInKiosk({
      baseUrl: test.service.baseUrl,
      authUrl: test.service.authUrl,
    });

    const moved = store.save({
      service: { baseUrl: capture.url, authUrl: test.service.authUrl },
    });
    expect(moved.ok).toBe(true);
    await web.restart();
    await useTheService(web);

    const secrets = [tokens.accessToken, tokens.refreshToken, tokens.idToken].filter(
      (value): value is string => value !== undefined,
    );
    // Named by path only, so that a failure never prints a token.
    const carried = capture.requests
      .filter((request) =>
        secrets.some(
          (secret) =>
            (request.authorization ?? '').includes(secret) || request.body.includes(secret),
        ),
      )
      .map((request) => request.url);
    expect(carried).toEqual([]);
    expect(web.kiosk.auth.status().state).not.toBe('signed-in');
    expect(web.kiosk.auth.status().message?.kind).toBe('auth.service-changed');
    const after = await createFileVault(fileVaultPaths(dataDir)).load();
    expect(after.ok && after.value).toBeFalsy();
  });

  it('a restart with another client id discards the tokens too', async () => {
    const { web, store } = await signedInKiosk({
      baseUrl: test.service.baseUrl,
      authUrl: test.service.authUrl,
    });
    store.save({
      service: {
        baseUrl: test.service.baseUrl,
        authUrl: test.service.authUrl,
        clientId: 'library-kiosk-dev',
      },
    });
    await web.restart();
    expect(web.kiosk.auth.status().state).not.toBe('signed-in');
  });

  it('a token set saved without its service address (an earlier version) is discarded at the start, without blaming the settings', async () => {
    const { web, dataDir, tokens } = await signedInKiosk({
      baseUrl: test.service.baseUrl,
      authUrl: test.service.authUrl,
    });
    const vault = createFileVault(fileVaultPaths(dataDir));
    const { baseUrl, ...legacy } = tokens;
    expect(baseUrl).toBe(test.service.baseUrl);
    expect((await vault.save(legacy)).ok).toBe(true);
    await web.restart();
    expect(web.kiosk.auth.status().state).toBe('signed-out');
    expect(web.kiosk.auth.status().message).toBeUndefined();
    const after = await vault.load();
    expect(after.ok && after.value).toBeFalsy();
  });

  it('a restart with the same addresses, written with a trailing slash, keeps staff signed in', async () => {
    const { web, store } = await signedInKiosk({
      baseUrl: test.service.baseUrl,
      authUrl: test.service.authUrl,
    });
    store.save({
      service: { baseUrl: `${test.service.baseUrl}/`, authUrl: test.service.authUrl },
    });
    await web.restart();
    expect(web.kiosk.auth.status().state).toBe('signed-in');
    expect((await web.kiosk.auth.client.listBranches()).ok).toBe(true);
  });
});
