import type { ConsoleAnswer, IpcResult } from '../../../src-common/ipc/contract';
import { currentLanguage } from '../../i18n/i18n.svelte';

/** A console call's answer; a transport failure is shown as "not available" with its kind. */
export function answerOf<T>(result: IpcResult<ConsoleAnswer<T>>): ConsoleAnswer<T> {
  return result.ok
    ? result.value
    : { ok: false, problem: { kind: 'unavailable', reason: result.error.kind } };
}

/** Bytes in decimal gigabytes (or megabytes below one), as disk tools show them. */
export function bytesText(bytes: number): string {
  const gigabytes = bytes / 1e9;
  const [value, unit] = gigabytes >= 1 ? [gigabytes, 'gigabyte'] : [bytes / 1e6, 'megabyte'];
  return new Intl.NumberFormat(currentLanguage(), {
    style: 'unit',
    unit,
    maximumFractionDigits: 1,
  }).format(value);
}

/** The Chromium version of the browser showing the page (web host), from its user agent. */
export function browserVersion(): string | undefined {
  return /(?:Chrome|Chromium)\/([\d.]+)/.exec(navigator.userAgent)?.[1];
}
