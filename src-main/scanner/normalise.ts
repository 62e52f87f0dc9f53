import type { ScanRejectReason } from '../../src-common/ipc/scan-event';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import type { ScannerSettings } from './settings-schema';

/** The code the kiosk uses, or why the scan was rejected. */
export type NormaliseResult = Result<string, ScanRejectReason>;

type NormaliseSettings = Pick<ScannerSettings, 'prefix' | 'suffix' | 'minLength' | 'maxLength'>;

// A scanner may end its data with CR, LF or Tab; those are terminators, not part of the code.
const TRAILING_TERMINATORS = /[\r\n\t]+$/;
const REPLACEMENT = 0xfffd;

/** C0 and C1 control characters and DEL. */
function hasControl(code: string): boolean {
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

function hasReplacement(code: string): boolean {
  for (let i = 0; i < code.length; i++) if (code.charCodeAt(i) === REPLACEMENT) return true;
  return false;
}

/**
 * Turns what a source delivered into the code the kiosk uses, or says why it cannot: terminators,
 * then the configured suffix and prefix, then surrounding spaces are removed; control characters,
 * undecodable bytes and lengths outside the limits are rejected.
 */
export function normaliseCode(raw: string, settings: NormaliseSettings): NormaliseResult {
  let code = raw.replace(TRAILING_TERMINATORS, '');
  if (settings.suffix && code.endsWith(settings.suffix)) {
    code = code.slice(0, code.length - settings.suffix.length);
  }
  if (settings.prefix && code.startsWith(settings.prefix)) {
    code = code.slice(settings.prefix.length);
  }
  code = code.replace(/^ +| +$/g, '');
  if (code.length === 0) return err('empty');
  if (code.length > settings.maxLength) return err('too-long');
  if (hasControl(code)) return err('control-character');
  if (hasReplacement(code)) return err('undecodable');
  if (code.length < settings.minLength) return err('too-short');
  return ok(code);
}
