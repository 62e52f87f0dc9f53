import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the web host leaves its launch URL for the station's session script (docs/deployment.md). */
export const LAUNCH_URL_FILE = 'launch-url';

/** Writes the launch URL (with its key) to the data folder, mode 0600; returns the file's path. */
export async function writeLaunchUrlFile(dataDir: string, launchUrl: string): Promise<string> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LAUNCH_URL_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${launchUrl}\n`, { mode: 0o600 });
  await rename(temporary, file);
  return file;
}

export async function removeLaunchUrlFile(file: string): Promise<void> {
  await rm(file, { force: true });
}
