import { statfs } from 'node:fs/promises';
import type { StatusView } from '../../../../src-common/ipc/console/diagnostics';
import { EXIT_PAGE_KEEPS_CRASHING, readStationRestarts } from './station-restarts';
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
 * space, the settings file, the page's recoveries and the station session's restarts. The service's version is not here: the interface publishes none.
 */
export async function statusView(
  context: ConsoleContext,
  deps: StatusDeps = REAL,
): Promise<StatusView> {
  const { versions } = deps;
  const settingsFile = context.settingsStore?.location;
  const recoveries = context.pageRecoveries?.();
  const protection = context.auth.status().vault.protection;
  const restarts = await readStationRestarts(
    context.settings.dataDir,
    Date.now(),
    context.stationRestartsFile,
  );
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
    stationRestarts: {
      recorded: restarts.recorded,
      lastHour: restarts.lastHour,
      ...(restarts.last
        ? {
            last: {
              kind:
                restarts.last.status === EXIT_PAGE_KEEPS_CRASHING
                  ? ('page-kept-crashing' as const)
                  : ('other' as const),
              status: restarts.last.status,
              at: restarts.last.at.toISOString(),
            },
          }
        : {}),
    },
  };
}
