import { currentLanguage } from '../../i18n/i18n.svelte';

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
