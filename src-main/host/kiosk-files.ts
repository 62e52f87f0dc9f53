import path from 'node:path';
import type { Result } from '../../src-common/result';
import { offlineFiles } from '../circulation/offline/offline-files';
import { journalKeyFile } from '../vault/journal-key';
import { checkFileModes } from '../platform/file-modes';
import type {
  FileModeDeps,
  FileModeRefusal,
  FileModeRepair,
  SecretFile,
} from '../platform/file-modes';
import { PIN_ATTEMPTS_FILE } from '../staff-pin/attempts-file';
import { fileVaultPaths } from '../vault/file-vault';
import { sealedKeyFile } from '../vault/kiosk-keys';
import { embeddedServiceFiles } from './embedded-service-files';

export interface KioskFiles {
  /** settings.dataDir: the data folder. */
  dataDir: string;
  /** The host's settings file (SettingsStore.location): it holds the staff PIN hash. */
  settingsFile: string;
  /** Secret files only this host writes (Electron: its safeStorage stores). */
  hostFiles?: readonly SecretFile[];
}

/**
 * The start-up file check (rule: checkFileModes) over the data folder, the sealed key, token
 * vault and client secret the web host and CLI keep there, the embedded service's database, the
 * settings file and the host's own files. Both hosts run it right after their settings load and
 * before anything reads or writes a secret (Electron's --set-pin and --set-client-secret never
 * reach bootKiosk), and report a refusal as they report an invalid setting: its message on
 * stderr, exit code 2.
 */
export function checkKioskFiles(
  files: KioskFiles,
  deps?: Partial<FileModeDeps>,
): Result<FileModeRepair[], FileModeRefusal> {
  const vault = fileVaultPaths(files.dataDir);
  return checkFileModes(
    {
      folders: [files.dataDir],
      files: [
        { path: files.settingsFile, holds: 'settings (staff PIN hash)' },
        ...(files.hostFiles ?? []),
        { path: vault.keyFile, holds: 'token vault key' },
        { path: sealedKeyFile(vault.keyFile), holds: 'sealed token vault key' },
        { path: vault.vaultFile, holds: 'token vault' },
        { path: vault.clientSecretFile, holds: 'client secret' },
        { path: vault.sip2PasswordsFile, holds: 'SIP2 passwords' },
        { path: vault.smtpPasswordFile, holds: 'SMTP relay password' },
        { path: path.join(files.dataDir, PIN_ATTEMPTS_FILE), holds: 'staff PIN attempt count' },
        { path: journalKeyFile(files.dataDir), holds: 'offline journal key' },
        { path: sealedKeyFile(journalKeyFile(files.dataDir)), holds: 'sealed offline journal key' },
        { path: offlineFiles(files.dataDir).journal, holds: 'offline journal (patron barcodes)' },
        { path: offlineFiles(files.dataDir).knowledge, holds: 'offline card knowledge' },
        ...embeddedServiceFiles(files.dataDir),
      ],
    },
    deps,
  );
}
