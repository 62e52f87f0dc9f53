import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance as perf } from 'node:perf_hooks';
import { setFileOperationRecorder } from '../src-main/platform/file-operations';
import { openFile } from '../src-main/platform/files';
import { summarise, type BenchRow, type BenchSuite } from './index';

/**
 * What the recording seam (src-main/platform/files.ts) costs a durable writer: appends of a
 * journal-sized frame (200 B) through Node's FileHandle and through the seam, with no recorder
 * (production) and with one (the crash-point tests). No fsync, so that the disk does not hide
 * the difference; blocks of each kind take turns, so load on the machine falls on all alike.
 */
const FRAME = Buffer.alloc(200, 0x61);
const PER_SAMPLE = 100;
const ROUNDS = 200;

type Writer = { write(bytes: Buffer): Promise<unknown>; close(): Promise<void> };

async function timeAppends(writer: Writer, samples: number[]): Promise<void> {
  const started = perf.now();
  for (let index = 0; index < PER_SAMPLE; index++) await writer.write(FRAME);
  samples.push(((perf.now() - started) * 1000) / PER_SAMPLE);
}

export const suite: BenchSuite = {
  name: 'files',
  async run(): Promise<BenchRow[]> {
    const dir = await mkdtemp(path.join(tmpdir(), 'bench-files-'));
    const raw: number[] = [];
    const seam: number[] = [];
    const recorded: number[] = [];
    try {
      const node = await open(path.join(dir, 'raw'), 'a', 0o600);
      const plain = await openFile(path.join(dir, 'seam'), 'a', 0o600);
      setFileOperationRecorder({ record: () => undefined });
      const watched = await openFile(path.join(dir, 'recorded'), 'a', 0o600);
      setFileOperationRecorder(undefined);
      const rawWriter: Writer = { write: (bytes) => node.write(bytes), close: () => node.close() };
      for (let round = 0; round < ROUNDS; round++) {
        await timeAppends(rawWriter, raw);
        await timeAppends(plain, seam);
        setFileOperationRecorder({ record: () => undefined });
        await timeAppends(watched, recorded);
        setFileOperationRecorder(undefined);
      }
      await Promise.all([rawWriter.close(), plain.close(), watched.close()]);
    } finally {
      setFileOperationRecorder(undefined);
      await rm(dir, { recursive: true, force: true });
    }
    return [
      summarise('append 200 B, Node FileHandle', 'µs', raw),
      summarise('append 200 B, seam, not recording', 'µs', seam),
      summarise('append 200 B, seam, recording', 'µs', recorded),
    ];
  },
};
