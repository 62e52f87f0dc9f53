import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import { FLEET_REFUSAL_REASONS } from '../../src-common/ipc/console/settings';
import { replaceFileSync } from '../platform/durable-files';

export const FLEET_STATE_FILE = 'fleet-settings.json';

/** The reasons the staff screen has words for. */
export const FLEET_REFUSALS = FLEET_REFUSAL_REASONS;
export type FleetRefusalReason = (typeof FLEET_REFUSALS)[number];

const FleetStateSchema = z.object({
  /** The fleet version in force; absent while only local settings were ever in force. */
  inForce: z
    .object({
      version: z.number().int().min(1),
      issuedAt: z.string(),
      /** ISO 8601: when this kiosk fetched and applied it. */
      appliedAt: z.string(),
      /** The host it came from (never the whole URL, which may carry a token). */
      host: z.string(),
      /** SHA-256 (hex) of the file's signed text: the same version fetched again must match it. */
      signedSha256: z.string().optional(),
      /** settingsDigest of the settings the file made: they differ once staff change them here. */
      settingsDigest: z.string().optional(),
    })
    .optional(),
  lastRefusal: z
    .object({
      reason: z.enum(FLEET_REFUSALS),
      at: z.string(),
      host: z.string(),
      /** The version the refused file carried, when its signature was good. */
      version: z.number().int().optional(),
    })
    .optional(),
});
export type FleetState = z.infer<typeof FleetStateSchema>;

/**
 * What the kiosk remembers of fleet settings in its data folder: the version in force (the replay
 * guard, kept across restarts) and the last refusal (for the staff screen). Written whole to a
 * temporary file, then renamed over the old one, so a crash never leaves half a file.
 */
export function createFleetStateFile(dataDir: string) {
  const file = path.join(dataDir, FLEET_STATE_FILE);
  return {
    file,
    /** `{}` when there is none yet; an error when it exists but cannot be read as a state. */
    read(): Result<FleetState, 'state-unreadable'> {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ok({});
        return err('state-unreadable');
      }
      try {
        return ok(FleetStateSchema.parse(JSON.parse(text)));
      } catch {
        return err('state-unreadable');
      }
    },
    write(state: FleetState): void {
      replaceFileSync(file, `${JSON.stringify(state, null, 2)}\n`);
    },
  };
}
export type FleetStateFile = ReturnType<typeof createFleetStateFile>;
