import { createHash } from 'node:crypto';
import type { Settings } from './schema';

/**
 * What identifies the local settings in force for the fleet (settings_info's `version`): the first
 * 12 hex digits of the SHA-256 of the parsed settings as JSON. The settings file has no version
 * of its own; two kiosks with the same digest run the same settings. Nothing is readable from it.
 */
export function settingsDigest(settings: Settings): string {
  return createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 12);
}
