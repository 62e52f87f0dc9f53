import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sip2ClientOptions, usesEmbeddedSip2 } from '../../../src-main/host/sip2-back-end';
import { SettingsSchema } from '../../../src-main/settings/schema';
import type { SettingsInput } from '../../../src-main/settings/schema';
import { ok } from '../../../src-common/result';
import type { RunningSip2 } from '../../../src-reference-service/index';
import type { Sip2PasswordStore } from '../../../src-main/vault/sip2-passwords';
import { captureLogs } from '../../support/log-capture';

const settings = (input: Omit<SettingsInput, 'dataDir'>) =>
  SettingsSchema.parse({ dataDir: '/k', ...input });

const LISTENER: RunningSip2 = {
  host: '127.0.0.1',
  port: 40123,
  tls: { ca: '-----BEGIN CERTIFICATE-----\nlistener\n-----END CERTIFICATE-----\n' },
  loginUser: 'kiosk-sip2',
  loginPassword: 'demo-login',
  institutionId: 'HCL',
  dialect: 'standard',
  encoding: 'latin1',
};

function storeOf(document: Parameters<Sip2PasswordStore['save']>[0] | null): Sip2PasswordStore {
  return {
    load: async () => ok(document),
    save: async () => ok(undefined),
    clear: async () => undefined,
  };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sip2-back-end-'));
  await writeFile(path.join(dir, 'ca.pem'), 'PEM OF THE LIBRARY CA');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('usesEmbeddedSip2', () => {
  it.each([
    ['the service back end', { patron: { backEnd: 'service' } }, false],
    ['SIP2 with no host', { patron: { backEnd: 'sip2' } }, true],
    ['SIP2 with a host', { patron: { backEnd: 'sip2' }, sip2: { host: 'sip' } }, false],
  ] as const)('%s', (_name, input, embedded) => {
    expect(usesEmbeddedSip2(settings(input))).toBe(embedded);
  });
});

describe('sip2ClientOptions', () => {
  it("the embedded listener: its address, CA, login and institution, the settings' framing", async () => {
    const options = await sip2ClientOptions(
      settings({ sip2: { terminator: 'CRLF', checksums: false, locationCode: 'CEN', retries: 2 } }),
      { embedded: LISTENER },
    );
    expect(options).toEqual({
      host: '127.0.0.1',
      port: 40123,
      tls: { ca: LISTENER.tls!.ca },
      loginUser: 'kiosk-sip2',
      loginPassword: 'demo-login',
      terminalPassword: '',
      institutionId: 'HCL',
      encoding: 'latin1',
      locationCode: 'CEN',
      terminator: 'CRLF',
      checksums: false,
      requestTimeoutMs: 10_000,
      retries: 2,
      feeWholeUnits: 'major-units',
      // sip2.patronPin off: the client sends no AD with its requests (issue 34).
      patronPin: false,
    });
  });

  it('a configured server: the settings, the CA file read, and the passwords sealed for it', async () => {
    const input = {
      sip2: {
        host: 'sip.example.org',
        port: 6443,
        tls: true,
        tlsCaFile: path.join(dir, 'ca.pem'),
        tlsServerName: 'sip-cert.example.org',
        loginUser: 'kiosk-3',
        institutionId: 'CPL',
      },
    };
    const passwords = storeOf({
      host: 'SIP.example.org',
      port: 6443,
      loginUser: 'kiosk-3',
      loginPassword: 'co',
      terminalPassword: 'ac',
    });
    expect(await sip2ClientOptions(settings(input), { passwords })).toMatchObject({
      host: 'sip.example.org',
      port: 6443,
      tls: { ca: 'PEM OF THE LIBRARY CA', serverName: 'sip-cert.example.org' },
      loginUser: 'kiosk-3',
      loginPassword: 'co',
      terminalPassword: 'ac',
      institutionId: 'CPL',
      encoding: 'utf-8',
    });
  });

  it.each([
    ['no store', undefined],
    ['nothing stored', storeOf(null)],
    [
      'passwords of another login',
      storeOf({
        host: 'sip.example.org',
        port: 6001,
        loginUser: 'kiosk-4',
        loginPassword: 'co',
        terminalPassword: 'ac',
      }),
    ],
  ])('logs in with empty passwords: %s', async (_name, passwords) => {
    const options = await sip2ClientOptions(
      settings({ sip2: { host: 'sip.example.org', loginUser: 'kiosk-3' } }),
      { passwords },
    );
    expect(options).toMatchObject({ loginPassword: '', terminalPassword: '' });
    expect(options.tls).toBeUndefined();
  });

  it("TLS with a CA file it cannot read: the system's authorities, the server name kept", async () => {
    const logs = captureLogs('warn');
    const options = await sip2ClientOptions(
      settings({
        sip2: {
          host: 'sip.example.org',
          tls: true,
          tlsCaFile: path.join(dir, 'missing.pem'),
          tlsServerName: 'n',
        },
      }),
      {},
    );
    logs.restore();
    expect(options.tls).toEqual({ serverName: 'n' });
    expect(logs.records).toMatchObject([
      {
        level: 'error',
        scope: 'sip2:back-end',
        message: 'the SIP2 CA file could not be read; trusting the system authorities',
      },
    ]);
  });
});
