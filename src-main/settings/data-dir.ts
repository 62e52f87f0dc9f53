import os from 'node:os';
import path from 'node:path';

const APP_FOLDER = 'library-kiosk';

/**
 * Per-user data folder for the Node hosts (web host, CLI) when KIOSK_DATA_DIR is not set.
 * Electron passes app.getPath('userData') instead.
 */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: Record<string, string | undefined> = process.env,
  home: string = os.homedir(),
): string {
  if (platform === 'win32') {
    return path.win32.join(
      env.LOCALAPPDATA ?? path.win32.join(home, 'AppData', 'Local'),
      APP_FOLDER,
    );
  }
  if (platform === 'darwin') {
    return path.posix.join(home, 'Library', 'Application Support', APP_FOLDER);
  }
  return path.posix.join(env.XDG_DATA_HOME || path.posix.join(home, '.local', 'share'), APP_FOLDER);
}
