import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKeyFile } from '../../../src-main/platform/key-file';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-key-file-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('createKeyFile', () => {
  it('makes a random 32-byte key in a 0600 file, its new folder 0700', async () => {
    const file = path.join(dir, 'keys', 'a.key');
    const key = await createKeyFile(file);
    expect(key).toHaveLength(32);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
  });

  it('gives the key already there when another process made the file first', async () => {
    const file = path.join(dir, 'a.key');
    const first = await createKeyFile(file);
    expect((await createKeyFile(file)).equals(first)).toBe(true);
  });
});

/**
 * Rounds of making and removing the key file while another process reads it. Before the key file
 * was linked into place whole, the reader saw it empty within 50 rounds in every trial here.
 */
const ROUNDS = 200;

/** Reads the file in a tight loop until the stop file appears; says the lengths it saw. */
const READ_UNTIL_STOPPED = `
const fs = require('node:fs');
const [file, stop] = process.argv.slice(1);
const lengths = new Set();
let reads = 0;
process.stdout.write('reading\\n');
while (!fs.existsSync(stop)) {
  try {
    lengths.add(fs.readFileSync(file).length);
    reads += 1;
  } catch {}
}
process.stdout.write(JSON.stringify({ lengths: [...lengths], reads }));
`;

describe('createKeyFile, raced', () => {
  it('gives every concurrent caller the same key, and none of them a partial file', async () => {
    const file = path.join(dir, 'keys', 'raced.key');
    const keys = await Promise.all(Array.from({ length: 16 }, () => createKeyFile(file)));
    const onDisk = await readFile(file);
    expect(onDisk).toHaveLength(32);
    for (const key of keys) expect(key.equals(onDisk)).toBe(true);
  });

  it('never shows another process the file before its key is whole', async () => {
    const file = path.join(dir, 'keys', 'read-while-made.key');
    await mkdir(path.dirname(file), { recursive: true });
    const stop = path.join(dir, 'stop');
    // What the journal and the vault do in another process: read the key file if it is there.
    const reader = spawn(process.execPath, ['-e', READ_UNTIL_STOPPED, file, stop]);
    let said = '';
    reader.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
    const ended = new Promise((resolve) => reader.on('exit', resolve));
    await new Promise((resolve) => reader.stdout.once('data', resolve));
    for (let round = 0; round < ROUNDS; round += 1) {
      await createKeyFile(file);
      await rm(file);
    }
    await writeFile(stop, '');
    await ended;
    const { lengths, reads } = JSON.parse(said.slice(said.indexOf('{'))) as {
      lengths: number[];
      reads: number;
    };
    expect(reads).toBeGreaterThan(0);
    expect(lengths).toEqual([32]);
  });
});
