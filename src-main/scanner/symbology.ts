/** AIM symbology identifier code characters (ISO/IEC 15424) mapped to readable names. */
const AIM_NAMES: Readonly<Record<string, string>> = {
  A: 'code39',
  C: 'code128',
  E: 'ean-upc',
  F: 'codabar',
  G: 'code93',
  H: 'code11',
  I: 'itf',
  L: 'pdf417',
  M: 'msi',
  Q: 'qr',
  d: 'datamatrix',
  e: 'gs1-databar',
  z: 'aztec',
};

const isAlnum = (byte: number): boolean =>
  (byte >= 0x30 && byte <= 0x39) ||
  (byte >= 0x41 && byte <= 0x5a) ||
  (byte >= 0x61 && byte <= 0x7a);

/**
 * Reads an AIM identifier `]Xn` from three bytes. Returns a readable name when the code character
 * is known (`]C1` is GS1-128), the identifier itself when not, and undefined when the bytes are
 * not an AIM identifier (scanners send zeros when identifiers are turned off).
 */
export function symbologyFromAim(b0: number, b1: number, b2: number): string | undefined {
  if (b0 !== 0x5d || !isAlnum(b1) || !isAlnum(b2)) return undefined;
  const codeChar = String.fromCharCode(b1);
  if (codeChar === 'C' && b2 === 0x31) return 'gs1-128';
  return AIM_NAMES[codeChar] ?? `]${codeChar}${String.fromCharCode(b2)}`;
}
