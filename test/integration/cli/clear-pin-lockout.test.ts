import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPinGate } from '../../../src-main/staff-pin/gate';
import { PIN_ATTEMPTS_FILE, createPinAttemptFile } from '../../../src-main/staff-pin/attempts-file';
import { hashStaffPin } from '../../../src-main/staff-pin/hash';
import { runCli } from '../../support/run-cli';

const PIN = '482193';
const WRONG = '000000';
const HOUR = 60 * 60_000;

async function hashOf(pin: string): Promise<string> {
  const hash = await hashStaffPin(pin);
  if (!hash.ok) throw new Error('test PIN refused');
  return hash.value;
}

describe('library-kiosk clear-pin-lockout', () => {
  it('ends the lockout a patron keeps at its maximum with one wrong PIN per lockout, across restarts', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'clear-pin-lockout-'));
    const pinHash = await hashOf(PIN);
    let now = Date.now();
    const gateOverTheFile = () =>
      createPinGate(pinHash, { store: createPinAttemptFile(dataDir), now: () => now });

    // The patron: five wrong PINs, then one more each time a lockout ends, the kiosk restarted
    // between some of them. After six rounds the lockout is at its maximum and stays there.
    let gate = gateOverTheFile();
    for (let attempt = 0; attempt < 5; attempt += 1) await gate.check(WRONG);
    const lockouts: number[] = [];
    for (let round = 0; round < 12; round += 1) {
      if (round % 3 === 0) gate = gateOverTheFile();
      now = (gate.lockedUntil() ?? now) + 1;
      const { lockedUntil } = await gate.check(WRONG);
      lockouts.push((lockedUntil ?? now) - now);
    }
    expect(lockouts.slice(-6)).toEqual([HOUR, HOUR, HOUR, HOUR, HOUR, HOUR]);
    // Staff have only a short window each hour, and never one they can count on.
    expect(await gate.check(PIN)).toEqual({ accepted: false, lockedUntil: now + HOUR });

    // Staff at the station's command line (another process, the same data folder).
    const run = await runCli(['clear-pin-lockout'], { ...process.env, KIOSK_DATA_DIR: dataDir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'Staff PIN lockout cleared: the right PIN opens staff mode at once.',
    );
    expect(run.stdout).toContain('Wrong PINs since staff last entered: 17, the last at ');
    expect(run.stdout).toContain('It was locked until ');

    // The running kiosk's gate sees the cleared file: the right PIN opens at once, and staff
    // learn how many wrong PINs there were and when the last one was.
    expect(gate.lockedUntil()).toBeUndefined();
    expect(await gate.check(PIN)).toEqual({
      accepted: true,
      wrongPins: { count: 17, lastAt: now },
    });
    // Entered: the count starts again from nothing.
    expect(JSON.parse(await readFile(path.join(dataDir, PIN_ATTEMPTS_FILE), 'utf8'))).toEqual({
      failures: 0,
      lockedUntil: 0,
      wrongSinceEntry: 0,
    });

    // The clear is in the kiosk's log file, with counts and times but no PIN.
    const log = await readFile(path.join(dataDir, 'logs', 'kiosk.log'), 'utf8');
    const record = JSON.parse(log.trim().split('\n').at(-1) ?? '{}') as {
      level: string;
      message: string;
      data: Record<string, unknown>;
    };
    expect(record.level).toBe('warn');
    expect(record.message).toBe('the staff PIN lockout was cleared from the command line');
    expect(record.data.wrongSinceEntry).toBe(17);
    expect(typeof record.data.by).toBe('string');
    expect(log).not.toContain(PIN);
    expect(log).not.toContain(pinHash);
    expect((await stat(path.join(dataDir, 'logs', 'kiosk.log'))).mode & 0o077).toBe(0);
  });

  it('says there is nothing to clear when no wrong PIN is counted, and writes no log line', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'clear-pin-lockout-'));
    const run = await runCli(['clear-pin-lockout', '--json'], {
      ...process.env,
      KIOSK_DATA_DIR: dataDir,
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ cleared: false, wrongSinceEntry: 0 });
    await expect(stat(path.join(dataDir, 'logs', 'kiosk.log'))).rejects.toThrow();
  });
});
