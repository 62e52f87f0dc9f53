import { createStaffAuth } from '../auth/staff-auth';
import type { StaffAuth } from '../auth/staff-auth';
import type { ServiceConnection } from '../library/connection';
import { configuredConnection, embeddedConnection } from '../settings/service-connection';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import { checkKioskFiles } from '../host/kiosk-files';
import { readRunningService } from '../host/running-service-file';
import { createConfSettingsStore } from '../settings/conf-store';
import type { Settings } from '../settings/schema';
import { clientSecretFor } from '../vault/client-secret';
import { createClientSecretFile } from '../vault/client-secret-file';
import { createFileVault, fileVaultPaths } from '../vault/file-vault';
import { openKioskKeys } from '../vault/kiosk-keys';
import { EXIT } from './exit-codes';
import type { ExitCode } from './exit-codes';

export interface CliContext {
  settings: Settings;
  auth: StaffAuth;
}

export interface CliSetupFailure {
  exit: ExitCode;
  kind: string;
  message: string;
}

/**
 * With no service configured, the embedded service of a kiosk running from the same data folder
 * (it names it in running-service.json): the client it registered, and the vault the kiosk's staff
 * sign-in fills, so a signed-in kiosk needs no second sign-in for the CLI.
 */
function runningKioskConnection(settings: Settings): ServiceConnection | undefined {
  const running = readRunningService(settings.dataDir);
  if (!running) return undefined;
  return embeddedConnection(running, settings);
}

/**
 * Settings (conf, in KIOSK_DATA_DIR when set), the AES-GCM file vault in the data folder, the
 * client secret sealed next to it (when `set-client-secret` stored one), both with the web host's
 * key source (kiosk-keys.ts), and the staff auth. The
 * CLI talks to a configured service, or to a running kiosk's embedded one: starting the reference
 * service for one command would leave tokens bound to a server that is gone a second later.
 */
export async function createCliContext(
  env: Record<string, string | undefined>,
  loopbackRedirectUri?: string,
): Promise<Result<CliContext, CliSetupFailure>> {
  const store = createConfSettingsStore({ env });
  const loaded = store.load();
  if (!loaded.ok)
    return err({ exit: EXIT.usage, kind: 'invalid-setting', message: loaded.error.message });
  const settings = loaded.value;
  // The CLI reads the same vault and settings as the web host: the same start-up check.
  const files = checkKioskFiles({ dataDir: settings.dataDir, settingsFile: store.location });
  if (!files.ok)
    return err({ exit: EXIT.usage, kind: 'unsafe-file', message: files.error.message });
  const connection = configuredConnection(settings) ?? runningKioskConnection(settings);
  if (!connection) {
    return err({
      exit: EXIT.usage,
      kind: 'no-service',
      message: noServiceText(settings.dataDir, env),
    });
  }
  // The web host's keys: the systemd credential or KIOSK_KEY_FILE, else the data folder's own.
  const keys = await openKioskKeys(settings.dataDir, env);
  if (!keys.ok) return err({ exit: EXIT.usage, kind: 'key-source', message: keys.error.message });
  const paths = fileVaultPaths(settings.dataDir);
  const clientSecret = await clientSecretFor(
    createClientSecretFile(paths, keys.value.keys.clientSecret),
    connection,
  );
  const auth = await createStaffAuth({
    connection: { ...connection, redirectUri: loopbackRedirectUri ?? connection.redirectUri },
    vault: createFileVault(paths, keys.value.keys.vault),
    timeoutMs: settings.requestTimeoutMs,
    ...(clientSecret ? { clientSecret } : {}),
  });
  return ok({ settings, auth });
}

/**
 * No service to talk to. A kiosk started with KIOSK_DATA_DIR keeps its files (and the address of
 * its service) in that folder, which this command finds only with the same variable: say so.
 */
function noServiceText(dataDir: string, env: Record<string, string | undefined>): string {
  const otherwise = 'or set KIOSK_BASE_URL (and KIOSK_AUTH_URL) to a service.';
  if (env.KIOSK_DATA_DIR) {
    return `No library service configured, and no kiosk is running with the data folder ${dataDir} (KIOSK_DATA_DIR): start the kiosk with the same KIOSK_DATA_DIR (\`npm start\`) and run this again, ${otherwise}`;
  }
  return `No library service configured, and no kiosk is running with the default data folder ${dataDir}. A kiosk started with KIOSK_DATA_DIR set keeps its own folder: run this command with the same KIOSK_DATA_DIR (KIOSK_DATA_DIR=<its folder> npx library-kiosk probe). Otherwise start the kiosk (\`npm start\`) and run this again, ${otherwise}`;
}
