import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createReceiptMailer } from '../../../src-main/receipt-mail/mailer';
import type { ReceiptMail } from '../../../src-main/receipt-mail/mailer';
import { ReceiptEmailSettingsSchema } from '../../../src-main/receipt-mail/settings-schema';
import type { ReceiptEmailSettings } from '../../../src-main/receipt-mail/settings-schema';
import { fileVaultPaths } from '../../../src-main/vault/file-vault';
import { smtpPasswordFor } from '../../../src-main/vault/smtp-password';
import { createSmtpPasswordFile } from '../../../src-main/vault/smtp-password-file';
import { captureLogs } from '../../support/log-capture';
import { startTestRelay } from '../../support/smtp-relay';
import type { TestRelay } from '../../support/smtp-relay';

/**
 * E-mail receipts through a real SMTP relay (smtp-server on loopback, TLS with a test
 * certificate), the relay's password read from its sealed file as the kiosk reads it.
 */
const LOGIN = { user: 'kiosk-7@library.example', password: 'relay-secret-0f3c9' };
const RECEIPT: ReceiptMail = {
  to: 'amara.okafor@example.org',
  subject: 'Your library receipt: Central Library',
  text: 'Central Library\nDate: 28 nov 2026, 10:05\n\nPréstamos\n1. Cien años de soledad\n   Vence el 19 de diciembre de 2026\n',
};

let dir: string;
const relays: TestRelay[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'receipt-mail-'));
});

afterEach(async () => {
  await Promise.all(relays.splice(0).map((relay) => relay.close()));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function relay(options: Parameters<typeof startTestRelay>[0]): Promise<TestRelay> {
  const started = await startTestRelay(options);
  relays.push(started);
  return started;
}

function settingsFor(
  relayUnderTest: Pick<TestRelay, 'port'> & Partial<Pick<TestRelay, 'caFile'>>,
  change: Partial<ReceiptEmailSettings> = {},
): ReceiptEmailSettings {
  return ReceiptEmailSettingsSchema.parse({
    enabled: true,
    host: '127.0.0.1',
    port: relayUnderTest.port,
    tls: 'starttls',
    tlsCaFile: relayUnderTest.caFile,
    from: 'receipts@library.example',
    timeoutMs: 5_000,
    ...change,
  });
}

/** The password as the kiosk keeps it: sealed in the data folder, bound to the relay and login. */
async function sealedPassword(settings: ReceiptEmailSettings, password: string) {
  const store = createSmtpPasswordFile(fileVaultPaths(path.join(dir, `kiosk-${settings.port}`)));
  const saved = await store.save({
    host: settings.host,
    port: settings.port,
    user: settings.user,
    password,
  });
  expect(saved.ok).toBe(true);
  return store;
}

describe('e-mail receipts through the SMTP relay', () => {
  it('sends over STARTTLS with the sealed login: the relay gets the receipt word for word', async () => {
    const smtp = await relay({ tls: 'starttls', login: LOGIN });
    const settings = settingsFor(smtp, { user: LOGIN.user });
    const store = await sealedPassword(settings, LOGIN.password);
    const sealed = await readFile(
      fileVaultPaths(path.join(dir, `kiosk-${smtp.port}`)).smtpPasswordFile,
    );
    expect(sealed.toString('latin1')).not.toContain(LOGIN.password);
    const mailer = createReceiptMailer({
      settings,
      password: () => smtpPasswordFor(store, settings),
    });
    const arrived = smtp.nextMessage();
    expect(await mailer.send(RECEIPT)).toEqual({ ok: true, value: undefined });
    const mail = await arrived;
    expect(mail).toMatchObject({
      from: 'receipts@library.example',
      to: ['amara.okafor@example.org'],
      secure: true,
      user: LOGIN.user,
    });
    expect(mail.headers.subject).toBe('Your library receipt: Central Library');
    expect(mail.headers['auto-submitted']).toBe('auto-generated');
    expect(mail.text).toBe(RECEIPT.text);
  });

  it('sends over TLS from the first byte (implicit, SMTPS)', async () => {
    const smtp = await relay({ tls: 'implicit' });
    const mailer = createReceiptMailer({
      settings: settingsFor(smtp, { tls: 'implicit' }),
      password: async () => undefined,
    });
    const arrived = smtp.nextMessage();
    expect((await mailer.send(RECEIPT)).ok).toBe(true);
    expect((await arrived).secure).toBe(true);
  });

  it('sends nothing in clear to a relay that does not offer STARTTLS', async () => {
    const smtp = await relay({ tls: 'starttls', noStartTls: true });
    const mailer = createReceiptMailer({
      settings: settingsFor(smtp),
      password: async () => undefined,
    });
    expect(await mailer.send(RECEIPT)).toEqual({ ok: false, error: 'tls' });
    expect(smtp.messages).toEqual([]);
  });

  it('refuses a relay whose certificate it does not trust', async () => {
    const smtp = await relay({ tls: 'implicit' });
    const { tlsCaFile: _trusted, ...untrusting } = settingsFor(smtp, { tls: 'implicit' });
    const mailer = createReceiptMailer({ settings: untrusting, password: async () => undefined });
    expect(await mailer.send(RECEIPT)).toEqual({ ok: false, error: 'tls' });
    expect(smtp.messages).toEqual([]);
  });

  it('says the login was refused, and never logs the password or the address', async () => {
    const smtp = await relay({ tls: 'starttls', login: LOGIN });
    const settings = settingsFor(smtp, { user: LOGIN.user });
    const store = await sealedPassword(settings, 'an-old-password');
    const logs = captureLogs();
    try {
      const mailer = createReceiptMailer({
        settings,
        password: () => smtpPasswordFor(store, settings),
      });
      expect(await mailer.send(RECEIPT)).toEqual({ ok: false, error: 'login' });
      expect(logs.text()).not.toMatch(/an-old-password|amara|okafor/i);
      expect(logs.records.map((record) => record.message)).toContain(
        'a receipt could not be e-mailed',
      );
    } finally {
      logs.restore();
    }
  });

  it('does not send the password stored for another relay', async () => {
    const smtp = await relay({ tls: 'starttls', login: LOGIN });
    const settings = settingsFor(smtp, { user: LOGIN.user });
    const store = await sealedPassword({ ...settings, port: settings.port + 1 }, LOGIN.password);
    expect(await smtpPasswordFor(store, settings)).toBeUndefined();
  });

  it('says the relay refused the address', async () => {
    const smtp = await relay({ tls: 'starttls' });
    smtp.refuse.add(RECEIPT.to);
    const mailer = createReceiptMailer({
      settings: settingsFor(smtp),
      password: async () => undefined,
    });
    expect(await mailer.send(RECEIPT)).toEqual({ ok: false, error: 'refused' });
  });

  it('says the relay could not be reached, and that its CA file could not be read', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const missing = path.join(dir, 'none.pem');
    const mailer = createReceiptMailer({
      settings: settingsFor({ port, caFile: missing }),
      password: async () => undefined,
    });
    const logs = captureLogs('error');
    const sent = await mailer.send(RECEIPT).finally(() => logs.restore());
    expect(sent).toEqual({ ok: false, error: 'unreachable' });
    // Sending goes on with the system's authorities; the operator is told which file failed.
    expect(logs.records).toMatchObject([
      {
        level: 'error',
        scope: 'receipt-mail',
        message: 'the SMTP relay CA file could not be read; trusting the system authorities',
        data: { file: missing, code: 'ENOENT' },
      },
    ]);
  });

  it('gives up on a relay that never greets, after its timeout', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const mailer = createReceiptMailer({
        settings: settingsFor({ port }, { timeoutMs: 2_000 }),
        password: async () => undefined,
      });
      expect(await mailer.send(RECEIPT)).toEqual({ ok: false, error: 'timeout' });
    } finally {
      silent.close();
    }
  });
});
