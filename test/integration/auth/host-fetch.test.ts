/**
 * The host's `fetch` (HostAdapters.fetch: Chromium's network stack in the Electron host,
 * src-main/electron/chromium-fetch.ts) carries every request the kiosk's core makes to the
 * library service and its sign-in server: the real core (bootKiosk) against the reference
 * service over HTTP, with a fetch that records what it was given. A request past it would use
 * Node's fetch, which in a packaged kiosk does not trust a library's private certificate authority.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootKiosk } from '../../../src-main/host/bootstrap';
import type { BootedKiosk } from '../../../src-main/host/bootstrap';
import { resolveSettings } from '../../../src-main/settings/resolve';
import { createFileVault, fileVaultPaths } from '../../../src-main/vault/file-vault';
import { FakeHidBackend } from '../../support/fake-hid';
import { startFixture } from '../../support/service-fixture';
import type { ServiceFixture } from '../../support/service-fixture';
import { signInOverHttp } from '../../support/sign-in-over-http';

let fixture: ServiceFixture;
let dataDir: string;
let kiosk: BootedKiosk;
const sent: string[] = [];

beforeAll(async () => {
  fixture = await startFixture();
  dataDir = await mkdtemp(path.join(tmpdir(), 'kiosk-host-fetch-'));
  const settings = resolveSettings(
    {
      service: { baseUrl: fixture.service.baseUrl, authUrl: fixture.service.authUrl },
      scanner: { device: { mode: 'off' } },
      receipt: { mode: 'none' },
    },
    {},
    { dataDir },
  );
  if (!settings.ok) throw new Error(settings.error.message);
  kiosk = await bootKiosk(settings.value, {
    vault: createFileVault(fileVaultPaths(dataDir)),
    presentSignIn: async () => ({ presentation: 'shown' }),
    receiptPrinting: { printBy: 'renderer' },
    hidBackend: new FakeHidBackend(),
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      sent.push(
        `${init?.method ?? 'GET'} ${url.origin === fixture.service.authUrl ? 'auth' : 'service'}${url.pathname}`,
      );
      return fetch(input, init);
    },
  });
});

afterAll(async () => {
  await kiosk?.stop();
  await fixture?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe("the kiosk's requests on the host's fetch", () => {
  it("carries the sign-in (discovery, the token) and the service's own calls", async () => {
    const { authorizationUrl } = await kiosk.auth.beginSignIn();
    const redirect = await signInOverHttp(authorizationUrl, {
      username: 'librarian',
      password: 'demo-librarian',
    });
    const signedIn = await kiosk.auth.handleRedirect(redirect.toString());
    expect(signedIn.ok).toBe(true);
    expect(sent.some((line) => line.startsWith('GET auth/.well-known/'))).toBe(true);
    expect(sent.some((line) => /^POST auth\/.*token/.test(line))).toBe(true);
    // The signed-in staff's name: the service's user info, through the same fetch.
    expect(sent.some((line) => line.startsWith('GET service/api/'))).toBe(true);
  });
});
