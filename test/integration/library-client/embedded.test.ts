import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveServiceConnection } from '../../../src-main/host/embedded-service';
import type { ResolvedConnection } from '../../../src-main/host/embedded-service';
import { resolveSettings } from '../../../src-main/settings/resolve';
import type { Settings } from '../../../src-main/settings/schema';

let dir: string;

function settingsWith(stored: object): Settings {
  const result = resolveSettings(stored, {}, { dataDir: dir });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-embedded-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('service connection with nothing configured', () => {
  let resolved: ResolvedConnection;

  beforeAll(async () => {
    resolved = await resolveServiceConnection(settingsWith({}), {
      ports: { base: 0, auth: 0, blob: 0 },
    });
  });

  afterAll(async () => {
    await resolved?.stop();
  });

  it('starts the reference service and uses its addresses with the registered client', () => {
    expect(resolved.embedded).toBe(true);
    expect(resolved.connection).toMatchObject({
      baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      authUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      clientId: 'library-kiosk',
      clientKind: 'registered',
      redirectUri: 'org.example.librarykiosk:/oauth/callback',
    });
  });

  it('answers on the embedded service', async () => {
    const health = await fetch(`${resolved.connection.baseUrl}/health`);
    expect(health.status).toBe(200);
  });

  it('keeps the service data under <dataDir>/reference-service', async () => {
    expect((await stat(path.join(dir, 'reference-service'))).isDirectory()).toBe(true);
  });
});

describe('service connection with a configured service', () => {
  it('uses the configured addresses and starts nothing', async () => {
    const resolved = await resolveServiceConnection(
      settingsWith({ service: { baseUrl: 'https://library.example', clientKind: 'development' } }),
    );
    expect(resolved).toMatchObject({
      embedded: false,
      connection: {
        baseUrl: 'https://library.example',
        authUrl: 'https://library.example',
        clientId: 'library-kiosk-dev',
        clientKind: 'development',
      },
    });
    await resolved.stop();
  });
});
