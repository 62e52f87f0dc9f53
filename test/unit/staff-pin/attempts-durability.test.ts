import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinAttemptFile, PIN_ATTEMPTS_FILE } from '../../../src-main/staff-pin/attempts-file';
import { createPinGate } from '../../../src-main/staff-pin/gate';
import { hashStaffPin } from '../../../src-main/staff-pin/hash';
import { powerCuts } from '../../support/crash-points/power-cuts';

/**
 * The staff PIN's failure count through a power cut at any instant
 * (docs/offline.md#every-crash-point): a wrong PIN the screen called wrong is counted on disk
 * before it says so, so a power cut never hands out guesses the lockout had counted, and never
 * leaves a record the gate can only read as a lockout.
 */

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'pin-attempts-durable-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the staff PIN attempt record through a power cut', () => {
  it('keeps a wrong PIN counted once the gate answered, and is never unreadable', async () => {
    const hashed = await hashStaffPin('246810');
    if (!hashed.ok) throw new Error('no hash');
    const gate = createPinGate(hashed.value, { store: createPinAttemptFile(dataDir) });
    expect((await gate.check('000000')).accepted).toBe(false);

    const cuts = await powerCuts(
      dataDir,
      async () => expect((await gate.check('111111')).accepted).toBe(false),
      async (folder) => {
        const text = await readFile(path.join(folder, PIN_ATTEMPTS_FILE), 'utf8').catch(() => '');
        try {
          return `${(JSON.parse(text) as { failures: number }).failures} counted`;
        } catch {
          return `unreadable (${text.length} bytes)`;
        }
      },
    );
    expect(new Set(cuts.during)).toEqual(new Set(['1 counted', '2 counted']));
    expect(new Set(cuts.after)).toEqual(new Set(['2 counted']));
  });
});
