import { randomBytes, scryptSync } from 'node:crypto';
import { chmod, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureLogs } from '../../support/log-capture';
import { clearPinLockout, createPinGate } from '../../../src-main/staff-pin/gate';
import { DEMO_STAFF_PIN, DEMO_STAFF_PIN_HASH } from '../../../src-main/staff-pin/demo-pin';
import { PIN_ATTEMPTS_FILE, createPinAttemptFile } from '../../../src-main/staff-pin/attempts-file';

const PIN = '482193';

/**
 * The gate's rules, not scrypt's cost, are under test here (hash.test.ts has the real cost): a
 * hash in the same format with a small N, which the check reads from the hash itself, so that a
 * test of ten checks does not race its timeout on a loaded machine.
 */
async function hashOf(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = scryptSync(pin, salt, 32, { N: 16, r: 8, p: 1 });
  return ['scrypt', 16, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const pinHash = hashOf(PIN);

describe('staff PIN gate', () => {
  it('opens for the right PIN and stays shut for a wrong one', async () => {
    const gate = createPinGate(await pinHash, { now: () => 5_000 });
    expect(await gate.check('482194')).toEqual({ accepted: false });
    // The right PIN after a wrong one: staff are told of it once, then the count starts afresh.
    expect(await gate.check(PIN)).toEqual({
      accepted: true,
      wrongPins: { count: 1, lastAt: 5_000 },
    });
    expect(await gate.check(PIN)).toEqual({ accepted: true });
  });

  it('locks after five wrong PINs, even for the right one, until the lockout ends', async () => {
    let now = 1_000;
    const gate = createPinGate(await pinHash, { baseLockoutMs: 30_000, now: () => now });
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect(await gate.check('000000')).toEqual({ accepted: false });
    }
    expect(await gate.check('000000')).toEqual({ accepted: false, lockedUntil: 31_000 });
    expect(gate.lockedUntil()).toBe(31_000);
    expect(await gate.check(PIN)).toEqual({ accepted: false, lockedUntil: 31_000 });
    now = 31_001;
    expect(gate.lockedUntil()).toBeUndefined();
    // The PIN typed during the lockout was refused unchecked: not counted as a wrong one.
    expect(await gate.check(PIN)).toEqual({
      accepted: true,
      wrongPins: { count: 5, lastAt: 1_000 },
    });
  });

  it('doubles the lockout with each further wrong PIN, up to the cap, and the right PIN resets it', async () => {
    let now = 0;
    const gate = createPinGate(await pinHash, {
      baseLockoutMs: 1_000,
      maxLockoutMs: 5_000,
      now: () => now,
    });
    const lockouts: number[] = [];
    for (let attempt = 0; attempt < 9; attempt += 1) {
      const { lockedUntil } = await gate.check('000000');
      if (lockedUntil !== undefined) {
        lockouts.push(lockedUntil - now);
        now = lockedUntil;
      }
    }
    expect(lockouts).toEqual([1_000, 2_000, 4_000, 5_000, 5_000]);
    expect(await gate.check(PIN)).toEqual({
      accepted: true,
      wrongPins: { count: 9, lastAt: now - 5_000 },
    });
    expect(await gate.check('000000')).toEqual({ accepted: false });
  });

  it('counts parallel guesses one by one, so the lockout also stops the right PIN sent among them', async () => {
    const gate = createPinGate(await pinHash);
    const guesses = ['000001', '000002', '000003', '000004', '000005', PIN];
    const results = await Promise.all(guesses.map((pin) => gate.check(pin)));
    expect(results.map((result) => result.accepted)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('staff PIN attempts on disk', () => {
  it('keeps the count and the lockout across a restart, in a file only the kiosk user reads', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pin-attempts-'));
    let now = 10_000;
    const first = createPinGate(await pinHash, {
      store: createPinAttemptFile(dataDir),
      now: () => now,
    });
    for (let attempt = 0; attempt < 5; attempt += 1) await first.check('000000');
    const file = path.join(dataDir, PIN_ATTEMPTS_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      failures: 5,
      lockedUntil: 40_000,
      wrongSinceEntry: 5,
      lastWrongAt: 10_000,
    });

    // A restart: a new gate over the same folder.
    now = 20_000;
    const second = createPinGate(await pinHash, {
      store: createPinAttemptFile(dataDir),
      now: () => now,
    });
    expect(second.lockedUntil()).toBe(40_000);
    expect(await second.check(PIN)).toEqual({ accepted: false, lockedUntil: 40_000 });
    now = 40_001;
    // The sixth failure in a row doubles the lockout: the count survived the restart too.
    expect(await second.check('000000')).toEqual({ accepted: false, lockedUntil: 100_001 });
  });

  it('reads a record from before the count since entry was kept as that many wrong PINs', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pin-attempts-'));
    const file = path.join(dataDir, PIN_ATTEMPTS_FILE);
    await writeFile(file, JSON.stringify({ failures: 3, lockedUntil: 0 }), { mode: 0o600 });
    const gate = createPinGate(await pinHash, { store: createPinAttemptFile(dataDir) });
    expect(await gate.check(PIN)).toEqual({ accepted: true, wrongPins: { count: 3 } });
  });

  it('reads the file again when another process replaced it, and keeps what it read otherwise', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pin-attempts-'));
    const store = createPinAttemptFile(dataDir);
    const other = createPinAttemptFile(dataDir);
    store.save({ failures: 9, lockedUntil: 5_000, wrongSinceEntry: 9, lastWrongAt: 1_000 });
    expect(clearPinLockout(other)).toEqual({
      failures: 9,
      lockedUntil: 5_000,
      wrongSinceEntry: 9,
      lastWrongAt: 1_000,
    });
    // The lockout and the back-off count are gone; the wrong PINs since entry stay for staff.
    expect(store.load()).toEqual({
      failures: 0,
      lockedUntil: 0,
      wrongSinceEntry: 9,
      lastWrongAt: 1_000,
    });
  });

  it('takes an unreadable record for a lockout, not for a clean slate', async () => {
    const logs = captureLogs('warn');
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pin-attempts-'));
    const file = path.join(dataDir, PIN_ATTEMPTS_FILE);
    await writeFile(file, '{"failures": "none"');
    await chmod(file, 0o600);
    const gate = createPinGate(await pinHash, {
      store: createPinAttemptFile(dataDir, { now: () => 0 }),
      now: () => 0,
    });
    expect(gate.lockedUntil()).toBe(30_000);
    expect((await gate.check(PIN)).accepted).toBe(false);
    logs.restore();
    expect(logs.records).toMatchObject([
      {
        level: 'warn',
        scope: 'staff-pin',
        message: 'the staff PIN attempt record is unreadable: counted as a lockout',
      },
    ]);
  });
});

describe('the staff card lane (issue 35, item 3)', () => {
  it('takes the right PIN through a lockout the screen lane is in, and keeps its own back-off', async () => {
    let now = 0;
    const gate = createPinGate(await pinHash, { baseLockoutMs: 30_000, now: () => now });
    for (let attempt = 0; attempt < 5; attempt += 1) await gate.check('000000');
    expect(gate.lockedUntil('screen')).toBe(30_000);
    expect(gate.lockedUntil('card')).toBeUndefined();
    expect(await gate.check(PIN, 'screen')).toEqual({ accepted: false, lockedUntil: 30_000 });
    // Behind the card: the right PIN now, and staff are told of the patron's wrong ones.
    now = 1_000;
    expect(await gate.check(PIN, 'card')).toEqual({
      accepted: true,
      wrongPins: { count: 5, lastAt: 0 },
    });
    // The screen lane stays where the patron drove it: no new round of free guesses for them.
    expect(gate.lockedUntil('screen')).toBe(30_000);
    now = 30_001;
    expect(await gate.check('000000', 'screen')).toEqual({
      accepted: false,
      lockedUntil: 90_001,
    });
  });

  it('locks the card lane after five wrong PINs of its own, never the screen lane', async () => {
    const gate = createPinGate(await pinHash, { baseLockoutMs: 30_000, now: () => 0 });
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect(await gate.check('000000', 'card')).toEqual({ accepted: false });
    }
    expect(await gate.check('000000', 'card')).toEqual({ accepted: false, lockedUntil: 30_000 });
    expect(gate.lockedUntil('card')).toBe(30_000);
    expect(gate.lockedUntil('screen')).toBeUndefined();
  });

  it("keeps the card lane's count on disk, and the station's clear ends both lanes", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pin-attempts-'));
    const gate = createPinGate(await pinHash, {
      store: createPinAttemptFile(dataDir),
      now: () => 0,
    });
    for (let attempt = 0; attempt < 5; attempt += 1) await gate.check('000000', 'card');
    const again = createPinGate(await pinHash, {
      store: createPinAttemptFile(dataDir),
      now: () => 0,
    });
    expect(again.lockedUntil('card')).toBe(30_000);
    clearPinLockout(createPinAttemptFile(dataDir));
    expect(again.lockedUntil('card')).toBeUndefined();
    expect(JSON.parse(await readFile(path.join(dataDir, PIN_ATTEMPTS_FILE), 'utf8'))).toEqual({
      failures: 0,
      lockedUntil: 0,
      wrongSinceEntry: 5,
      lastWrongAt: 0,
    });
  });
});

describe('demo staff PIN', () => {
  it('has a stored hash that opens the gate for the demo PIN and no other', async () => {
    const gate = createPinGate(DEMO_STAFF_PIN_HASH);
    expect((await gate.check('4321')).accepted).toBe(false);
    expect((await gate.check(DEMO_STAFF_PIN)).accepted).toBe(true);
  });
});
