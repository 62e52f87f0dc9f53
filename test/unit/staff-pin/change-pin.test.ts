import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConfSettingsStore } from '../../../src-main/settings/conf-store';
import { changePin, type PinChange } from '../../../src-main/staff-pin/change-pin';
import { changeablePinGate } from '../../../src-main/staff-pin/changeable-gate';
import { createPinGate, type PinGateOptions } from '../../../src-main/staff-pin/gate';
import type { SettingsError } from '../../../src-main/settings/resolve';
import { hashStaffPin, verifyStaffPin } from '../../../src-main/staff-pin/hash';
import type { StaffPinProblem } from '../../../src-main/staff-pin/hash';
import { savePinProblemText } from '../../../src-main/staff-pin/save-pin';

// Every rule of a PIN change from the settings screen, on a real settings file and a real gate.
const CURRENT = '482193';
const NEXT = '735102';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-change-pin-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const storeIn = () => createConfSettingsStore({ env: { KIOSK_DATA_DIR: dir } });
const settingsFile = () => path.join(dir, 'settings.json');

async function gateOf(options: PinGateOptions = {}) {
  const hash = await hashStaffPin(CURRENT);
  if (!hash.ok) throw new Error('test PIN refused');
  return changeablePinGate((pinHash) => createPinGate(pinHash, options), hash.value);
}

type Row = [
  label: string,
  request: { current: string; next: string; repeat: string },
  gate: PinGateOptions,
  expected: PinChange,
];

describe('changing the staff PIN', () => {
  it.each<Row>([
    [
      'refuses two new PINs that differ',
      { current: CURRENT, next: NEXT, repeat: '735103' },
      {},
      { outcome: 'refused', reason: 'mismatch' },
    ],
    [
      'refuses a new PIN that is not 6 to 12 digits',
      { current: CURRENT, next: '12345', repeat: '12345' },
      {},
      { outcome: 'refused', reason: 'format' },
    ],
    [
      'refuses a wrong current PIN',
      { current: '000000', next: NEXT, repeat: NEXT },
      {},
      { outcome: 'refused', reason: 'wrong-current' },
    ],
    [
      'refuses a wrong current PIN that starts the lockout, with its end',
      { current: '000000', next: NEXT, repeat: NEXT },
      { freeFailures: 1, baseLockoutMs: 30_000, now: () => 1_000 },
      { outcome: 'refused', reason: 'locked', lockedUntil: 31_000 },
    ],
  ])('%s and writes nothing', async (_label, request, options, expected) => {
    const gate = await gateOf(options);
    expect(await changePin(storeIn(), gate, request)).toEqual(expected);
    await expect(readFile(settingsFile())).rejects.toThrow(/ENOENT/);
  });

  it('asks the gate nothing when the new PINs are a typing slip (no attempt is spent)', async () => {
    const gate = await gateOf({ freeFailures: 0, now: () => 1_000 });
    const slips = [
      { current: '000000', next: NEXT, repeat: '735103' },
      { current: '000000', next: '12345', repeat: '12345' },
    ];
    for (const slip of slips) await changePin(storeIn(), gate, slip);
    expect(gate.lockedUntil()).toBeUndefined();
    expect(await gate.check(CURRENT)).toEqual({ accepted: true });
  });

  it('saves the new PIN as its hash and puts it in force at once', async () => {
    const gate = await gateOf();
    const store = storeIn();
    const change = await changePin(store, gate, { current: CURRENT, next: NEXT, repeat: NEXT });
    expect(change).toEqual({ outcome: 'changed' });
    const pinHash = store.stored().staff?.pinHash ?? '';
    expect(await verifyStaffPin(NEXT, pinHash)).toBe(true);
    expect(await readFile(settingsFile(), 'utf8')).not.toContain(NEXT);
    expect(await gate.check(NEXT)).toEqual({ accepted: true });
    expect(await gate.check(CURRENT)).toEqual({ accepted: false });
  });

  it('keeps the old PIN when the settings cannot be written', async () => {
    await writeFile(settingsFile(), '{ not json', { mode: 0o600 });
    const gate = await gateOf();
    const change = await changePin(storeIn(), gate, { current: CURRENT, next: NEXT, repeat: NEXT });
    expect(change).toMatchObject({ outcome: 'not-saved', error: { kind: 'settings-file' } });
    expect(await readFile(settingsFile(), 'utf8')).toBe('{ not json');
    expect(await gate.check(CURRENT)).toEqual({ accepted: true });
  });
});

describe('why a new PIN was not saved, for a terminal', () => {
  const unreadable: SettingsError = {
    kind: 'settings-file',
    file: '/data/settings.json',
    problem: 'invalid-json',
    message: 'settings.json is not JSON',
  };

  it.each<[StaffPinProblem | SettingsError, string]>([
    [{ kind: 'staff.pin-format' }, 'The staff PIN must be 6 to 12 digits.'],
    [unreadable, 'settings.json is not JSON'],
  ])('%j', (error, text) => {
    expect(savePinProblemText(error)).toBe(text);
  });
});
