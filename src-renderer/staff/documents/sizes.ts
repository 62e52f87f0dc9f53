import { currentLanguage } from '../../i18n/i18n.svelte';

const UNITS = [
  { unit: 'gigabyte', bytes: 1024 ** 3 },
  { unit: 'megabyte', bytes: 1024 ** 2 },
  { unit: 'kilobyte', bytes: 1024 },
] as const;

/** A file size as staff read it ("12.5 MB"), in the screen's language; binary multiples. */
export function sizeText(bytes: number): string {
  const found = UNITS.find((candidate) => bytes >= candidate.bytes);
  return new Intl.NumberFormat(currentLanguage(), {
    style: 'unit',
    unit: found?.unit ?? 'byte',
    unitDisplay: 'short',
    maximumFractionDigits: found ? 1 : 0,
  }).format(found ? bytes / found.bytes : bytes);
}
