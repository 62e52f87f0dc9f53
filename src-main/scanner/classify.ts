import { isValidMod10 } from './check-digit';
import type { ScannerSettings } from './settings-schema';
import type { Classification } from '../../src-common/ipc/scan-event';

type ClassifySettings = Pick<ScannerSettings, 'patronPattern' | 'itemPattern' | 'checkDigit'>;

// Patterns come from settings and rarely change; compiling them once per source keeps a scan cheap.
const compiled = new Map<string, RegExp>();

function regex(source: string): RegExp {
  let found = compiled.get(source);
  if (!found) {
    found = new RegExp(source);
    if (compiled.size > 64) compiled.clear();
    compiled.set(source, found);
  }
  return found;
}

/**
 * Tells a patron card from an item barcode, so a card scanned where an item is expected can be
 * explained. The patron pattern is tried first; a code matching neither is `unknown`.
 */
export function classify(code: string, settings: ClassifySettings): Classification {
  const kind = regex(settings.patronPattern).test(code)
    ? 'patron'
    : regex(settings.itemPattern).test(code)
      ? 'item'
      : 'unknown';
  if (kind === 'unknown') return { kind, valid: false, reason: 'no-pattern-match' };
  if (settings.checkDigit === 'mod10' && !isValidMod10(code)) {
    return { kind, valid: false, reason: 'check-digit' };
  }
  return { kind, valid: true };
}
