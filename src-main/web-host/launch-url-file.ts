import { makeFolder, removeFile, renameFile, writeWholeFile } from '../platform/files';
import path from 'node:path';

/** Where the web host leaves its launch URL for the station's session script (docs/deployment.md). */
export const LAUNCH_URL_FILE = 'launch-url';

/** Writes the launch URL (with its key) to the data folder, mode 0600; returns the file's path. */
export async function writeLaunchUrlFile(dataDir: string, launchUrl: string): Promise<string> {
  await makeFolder(dataDir, 0o700);
  const file = path.join(dataDir, LAUNCH_URL_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeWholeFile(temporary, Buffer.from(`${launchUrl}\n`), { mode: 0o600, flush: false });
  await renameFile(temporary, file);
  return file;
}

export async function removeLaunchUrlFile(file: string): Promise<void> {
  await removeFile(file);
}
