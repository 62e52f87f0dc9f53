import type { UploadProgress } from '../library-client/upload';

const WIDTH = 30;

function megabytes(bytes: number): string {
  return (bytes / 1_000_000).toFixed(1);
}

/**
 * Upload progress on stderr: a redrawn bar on a terminal, a line per 10 % otherwise (logs, CI),
 * so it never floods a file.
 */
export function createProgressBar(stream: NodeJS.WritableStream & { isTTY?: boolean }) {
  let lastTenth = -1;
  return {
    update({ sentBytes, totalBytes }: UploadProgress): void {
      const fraction = totalBytes === 0 ? 1 : sentBytes / totalBytes;
      const percent = Math.floor(fraction * 100);
      const label = `${String(percent).padStart(3)}% ${megabytes(sentBytes)}/${megabytes(totalBytes)} MB`;
      if (stream.isTTY) {
        const filled = Math.round(fraction * WIDTH);
        stream.write(`\r[${'#'.repeat(filled)}${' '.repeat(WIDTH - filled)}] ${label}`);
        return;
      }
      const tenth = Math.floor(percent / 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      stream.write(`upload ${label}\n`);
    },
    finish(): void {
      if (stream.isTTY) stream.write('\n');
    },
  };
}
