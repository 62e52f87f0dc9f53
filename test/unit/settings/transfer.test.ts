import { describe, expect, it } from 'vitest';
import type { StoredSettings } from '../../../src-main/settings/resolve';
import {
  SETTINGS_EXPORT_FORMAT,
  applyImport,
  diffSettings,
  exportSettings,
  readSettingsExport,
} from '../../../src-main/settings/transfer';

const PIN_HASH = 'scrypt$32768$8$1$c2FsdA$aGFzaA';
const NOW = new Date('2025-03-04T05:06:07.000Z');

const STORED: StoredSettings = {
  dataDir: '/var/lib/library-kiosk',
  allowBasicTextEncryption: true,
  kiosk: { branchName: 'Central', defaultLanguage: 'es' },
  receipt: { mode: 'none' },
  staff: { pinHash: PIN_HASH, idleTimeoutMs: 60_000 },
  service: { fieldMap: { 'circulation.fine': 'account.balance_due' } },
};

function exported(settings: unknown, header: Record<string, unknown> = {}): string {
  return JSON.stringify({
    format: SETTINGS_EXPORT_FORMAT,
    version: 1,
    exportedAt: NOW.toISOString(),
    appVersion: '0.1.0',
    settings,
    ...header,
  });
}

describe('exportSettings', () => {
  it('writes the stored settings under a header, without the PIN hash, the data folder or the basic-text opt-in', () => {
    const { fileName, text } = exportSettings(STORED, { appVersion: '0.1.0', now: NOW });
    expect(fileName).toBe('kiosk-settings-2025-03-04.json');
    const file = JSON.parse(text) as Record<string, unknown>;
    expect(file).toEqual({
      format: SETTINGS_EXPORT_FORMAT,
      version: 1,
      exportedAt: '2025-03-04T05:06:07.000Z',
      appVersion: '0.1.0',
      settings: {
        kiosk: { branchName: 'Central', defaultLanguage: 'es' },
        receipt: { mode: 'none' },
        staff: { idleTimeoutMs: 60_000 },
        service: { fieldMap: { 'circulation.fine': 'account.balance_due' } },
      },
    });
    expect(text).not.toContain('scrypt');
    expect(text).not.toContain('/var/lib');
  });

  it('leaves the stored document it was given as it was', () => {
    const before = structuredClone(STORED);
    exportSettings(STORED, { appVersion: '0.1.0', now: NOW });
    expect(STORED).toEqual(before);
  });

  it('reads back as an import that changes nothing on the kiosk it came from', () => {
    const { text } = exportSettings(STORED, { appVersion: '0.1.0', now: NOW });
    const read = readSettingsExport(text);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(diffSettings(STORED, applyImport(STORED, read.value.settings), [])).toEqual([]);
  });
});

describe('readSettingsExport', () => {
  it('refuses text that is not JSON', () => {
    expect(readSettingsExport('{ nope')).toEqual({
      ok: false,
      error: { kind: 'not-an-export', reason: 'not-json' },
    });
  });

  it('refuses JSON that is not a kiosk settings export (a bare settings file, say)', () => {
    expect(readSettingsExport(JSON.stringify({ kiosk: { branchName: 'X' } }))).toEqual({
      ok: false,
      error: { kind: 'not-an-export', reason: 'not-an-export' },
    });
  });

  it('refuses an export of a newer format version', () => {
    expect(readSettingsExport(exported({}, { version: 2 }))).toEqual({
      ok: false,
      error: { kind: 'not-an-export', reason: 'newer-version' },
    });
  });

  it('names every bad value by its dotted path', () => {
    const read = readSettingsExport(
      exported({ receipt: { mode: 'sometimes' }, patron: { thankYouMs: 5 } }),
    );
    expect(read.ok).toBe(false);
    if (read.ok || read.error.kind !== 'invalid') throw new Error('expected invalid');
    expect(read.error.issues.map((issue) => issue.path).sort()).toEqual([
      'patron.thankYouMs',
      'receipt.mode',
    ]);
  });

  it('refuses keys that are not kiosk settings, by path', () => {
    const read = readSettingsExport(exported({ kiosk: { branchName: 'X', colour: 'red' } }));
    expect(read).toEqual({
      ok: false,
      error: {
        kind: 'invalid',
        issues: [
          {
            path: 'kiosk.colour',
            message: 'is not a kiosk setting',
            rule: { kind: 'not-a-setting' },
          },
        ],
      },
    });
  });

  it('leaves out a PIN hash, a data folder and a client secret, and names them', () => {
    const read = readSettingsExport(
      exported({
        dataDir: '/elsewhere',
        staff: { pinHash: PIN_HASH },
        service: { clientSecret: 'shh' },
        kiosk: { branchName: 'North' },
      }),
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.ignored.sort()).toEqual(['dataDir', 'service.clientSecret', 'staff.pinHash']);
    expect(read.value.settings).toEqual({ kiosk: { branchName: 'North' } });
  });
});

describe('applyImport and diffSettings', () => {
  it("keep this kiosk's PIN hash and data folder, whatever the import", () => {
    const next = applyImport(STORED, { kiosk: { branchName: 'North' } });
    expect(next).toEqual({
      kiosk: { branchName: 'North' },
      dataDir: '/var/lib/library-kiosk',
      staff: { pinHash: PIN_HASH },
      allowBasicTextEncryption: true,
    });
  });

  it('lists each changed setting with its current and imported value, defaults filled in', () => {
    const changes = diffSettings(
      STORED,
      applyImport(STORED, { kiosk: { branchName: 'North' } }),
      [],
    );
    expect(changes).toEqual([
      { path: 'kiosk.branchName', current: '"Central"', imported: '"North"' },
      { path: 'kiosk.defaultLanguage', current: '"es"', imported: '"en"' },
      { path: 'receipt.mode', current: '"none"', imported: '"ask"' },
      {
        path: 'service.fieldMap.circulation.fine',
        current: '"account.balance_due"',
        imported: null,
      },
      { path: 'staff.idleTimeoutMs', current: '60000', imported: '300000' },
    ]);
  });

  it('does not count a default that becomes explicit as a change', () => {
    expect(diffSettings({}, { receipt: { mode: 'ask' } }, [])).toEqual([]);
  });

  it('says which changes an environment variable overrides', () => {
    const changes = diffSettings({}, { service: { clientId: 'other-kiosk' } }, [
      { setting: 'service.clientId', variable: 'KIOSK_CLIENT_ID', value: 'fixed' },
    ]);
    expect(changes).toEqual([
      {
        path: 'service.clientId',
        current: '"library-kiosk"',
        imported: '"other-kiosk"',
        fixedBy: 'KIOSK_CLIENT_ID',
      },
    ]);
  });
});
