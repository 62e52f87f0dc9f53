import { statfs } from 'node:fs/promises';
import type { StatusView } from '../../../ipc/console/diagnostics';
import { APP_VERSION } from '../../../settings/app-version';
import type { ConsoleContext } from '../deps';

export interface StatusDeps {
  statfs: (folder: string) => Promise<{ bavail: number; blocks: number; bsize: number }>;
  versions: NodeJS.ProcessVersions;
}

const REAL: StatusDeps = { statfs: (folder) => statfs(folder), versions: process.versions };

/** The free space the kiosk may use in its data folder (statfs: blocks free to non-root users). */
async function diskOf(dataDir: string, deps: StatusDeps): Promise<StatusView['disk']> {
  try {
    const stats = await deps.statfs(dataDir);
    return {
      known: true,
      freeBytes: stats.bavail * stats.bsize,
      totalBytes: stats.blocks * stats.bsize,
    };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { known: false, reason: code ?? 'statfs-failed' };
  }
}

/**
 * The status screen's facts the staff view does not carry: versions, the data folder and its free
 * space, the settings file. The service's version is not here: the interface publishes none.
 */
export async function statusView(
  context: ConsoleContext,
  deps: StatusDeps = REAL,
): Promise<StatusView> {
  const { versions } = deps;
  const settingsFile = context.settingsStore?.location;
  const recoveries = context.pageRecoveries?.();
  const protection = context.auth.status().vault.protection;
  return {
    appVersion: APP_VERSION,
    runtime: {
      node: versions.node,
      ...(versions.electron ? { electron: versions.electron } : {}),
      ...(versions.electron && versions.chrome ? { chromium: versions.chrome } : {}),
      platform: process.platform,
      arch: process.arch,
    },
    dataDir: context.settings.dataDir,
    disk: await diskOf(context.settings.dataDir, deps),
    ...(settingsFile ? { settingsFile } : {}),
    ...(protection ? { tokenProtection: protection } : {}),
    ...(recoveries
      ? {
          pageRecoveries: {
            count: recoveries.count,
            ...(recoveries.last
              ? { last: { kind: recoveries.last.kind, at: recoveries.last.at.toISOString() } }
              : {}),
          },
        }
      : {}),
  };
}
