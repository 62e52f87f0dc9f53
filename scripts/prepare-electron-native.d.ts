// Types of scripts/prepare-electron-native.js, for its unit test.
export interface WantedBuild {
  electron: string;
  betterSqlite3: string;
  platform: string;
  arch: string;
}

export interface NativeStatus {
  state: 'ok' | 'missing' | 'stale';
  reason: string;
}

export const ROOT: string;
export const ELECTRON_NATIVE_FOLDER: string;
export const SQLITE_ADDON_FILE: string;
export const BUILD_INFO_FILE: string;

export function wantedBuild(root?: string, platform?: string, arch?: string): WantedBuild;
export function nativeFolder(root?: string): string;
export function nativeStatus(
  folder: string,
  wanted: WantedBuild,
  read?: (file: string, encoding: 'binary' | 'utf8') => string | Buffer | undefined,
): NativeStatus;
export function rebuildEnv(
  env: Record<string, string | undefined>,
): Record<string, string | undefined>;
export function failureMessage(wanted: WantedBuild, error: unknown): string;
export function buildElectronNative(
  root?: string,
  wanted?: WantedBuild,
  log?: { info?: (message: string) => void },
): Promise<void>;
