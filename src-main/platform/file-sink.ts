import { Writable } from 'node:stream';
import { openFile } from './files';
import type { WritableFile } from './files';

/**
 * A stream into a new file (`wx`, `mode`) through files.ts, so what a pipeline writes is told to
 * the recorder like every other durable write. With `flush`, the data is on disk (fsync) before
 * the stream finishes.
 */
export function newFileSink(file: string, { mode, flush }: { mode: number; flush: boolean }) {
  let handle: WritableFile | undefined;
  return new Writable({
    construct(callback) {
      openFile(file, 'wx', mode).then((opened) => {
        handle = opened;
        callback();
      }, callback);
    },
    write(chunk: Buffer, _encoding, callback) {
      handle!.write(chunk).then(() => callback(), callback);
    },
    final(callback) {
      const done = flush ? handle!.sync() : Promise.resolve();
      done.then(() => callback(), callback);
    },
    destroy(error, callback) {
      const closing = handle ? handle.close() : Promise.resolve();
      handle = undefined;
      closing.then(
        () => callback(error),
        (closeError: unknown) => callback(error ?? (closeError as Error)),
      );
    },
  });
}
