import type { Logger } from '../../src-shared/log/logger';
import { loadSecretFile } from '../secret-file';

/** The blob account key of one data folder, in that folder (never in the blob folder itself). */
export const BLOB_ACCOUNT_KEY_FILE = 'blob-account-key';

/**
 * The account key Azurite and the service's blob client share (secret-file.ts). Nothing Azurite
 * stores depends on the key (blobs are not encrypted with it; it only signs requests and upload
 * SAS), so a new key, made when the file was open to others, costs at most the upload tickets of
 * the last 15 minutes.
 */
export function loadAccountKey(
  dataDir: string,
  log: Logger,
  platform: NodeJS.Platform = process.platform,
): string {
  return loadSecretFile(
    dataDir,
    { file: BLOB_ACCOUNT_KEY_FILE, what: 'blob account key' },
    log,
    platform,
  );
}
