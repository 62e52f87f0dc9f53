import { chmod } from 'node:fs/promises';
import path from 'node:path';
import { makeFolder, removeFile, renameFile, writeWholeFile } from '../platform/files';

/** Where the web host leaves its launch URL for the station's session script (docs/deployment.md). */
export const LAUNCH_URL_FILE = 'launch-url';

/** Where the launch URL goes, and whether the session reads it as another user. */
export interface LaunchUrlTarget {
  file: string;
  /** Read by the session's group (mode 0640): the session runs as another user. */
  shared: boolean;
}

/**
 * KIOSK_LAUNCH_URL_FILE where the session runs as another user (library-kiosk-web.service: a
 * folder of the host's that the session's group reads), else the data folder's own file.
 */
export function launchUrlTarget(
  dataDir: string,
  env: Readonly<Record<string, string | undefined>>,
): LaunchUrlTarget {
  const configured = env.KIOSK_LAUNCH_URL_FILE;
  return configured
    ? { file: path.resolve(configured), shared: true }
    : { file: path.join(dataDir, LAUNCH_URL_FILE), shared: false };
}

/**
 * Writes the launch URL (with its key) to a new file renamed into place: mode 0600 in the data
 * folder, 0640 where the session's group reads it (set after the write, whatever the umask).
 */
export async function writeLaunchUrlFile(
  target: LaunchUrlTarget,
  launchUrl: string,
): Promise<string> {
  await makeFolder(path.dirname(target.file), target.shared ? 0o750 : 0o700);
  const temporary = `${target.file}.${process.pid}.tmp`;
  await writeWholeFile(temporary, Buffer.from(`${launchUrl}\n`), { mode: 0o600, flush: false });
  if (target.shared) await chmod(temporary, 0o640);
  await renameFile(temporary, target.file);
  return target.file;
}

export async function removeLaunchUrlFile(file: string): Promise<void> {
  await removeFile(file);
}
