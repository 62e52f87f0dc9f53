import { currentLanguage } from '../../i18n/i18n.svelte';

const UNITS = [
  { unit: 'gigabyte', bytes: 1024 ** 3 },
  { unit: 'megabyte', bytes: 1024 ** 2 },
] as const;
const KILOBYTE = { unit: 'kilobyte', bytes: 1024 } as const;

/**
 * A file size as staff read it ("12.5 MB", "0.5 kB"), in the screen's language; binary
 * multiples. Never in bytes: Intl has no plural for its short "byte" ("549 byte").
 */
export function sizeText(bytes: number): string {
  const found = UNITS.find((candidate) => bytes >= candidate.bytes) ?? KILOBYTE;
  // A few bytes still read as a size ("0.1 kB"), not as nothing.
  const amount = bytes > 0 ? Math.max(bytes / found.bytes, 0.1) : 0;
  return new Intl.NumberFormat(currentLanguage(), {
    style: 'unit',
    unit: found.unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(amount);
}
