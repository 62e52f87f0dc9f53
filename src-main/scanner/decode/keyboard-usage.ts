/**
 * HID keyboard usage IDs (usage page 0x07) to characters on a US layout, the layout scanners
 * emulate unless programmed otherwise; flat tables indexed by usage keep a report's decoding cheap.
 */
const PLAIN: (string | undefined)[] = new Array<string | undefined>(256).fill(undefined);
const SHIFTED: (string | undefined)[] = new Array<string | undefined>(256).fill(undefined);
const define = (usage: number, plain: string, shifted: string): void => {
  PLAIN[usage] = plain;
  SHIFTED[usage] = shifted;
};

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
for (let i = 0; i < LETTERS.length; i++) {
  const c = LETTERS.charAt(i);
  define(0x04 + i, c, c.toUpperCase());
}
const DIGITS = '1234567890';
const DIGIT_SHIFTED = '!@#$%^&*()';
for (let i = 0; i < DIGITS.length; i++) {
  define(0x1e + i, DIGITS.charAt(i), DIGIT_SHIFTED.charAt(i));
}
const PUNCTUATION: ReadonlyArray<readonly [number, string, string]> = [
  [0x2c, ' ', ' '],
  [0x2d, '-', '_'],
  [0x2e, '=', '+'],
  [0x2f, '[', '{'],
  [0x30, ']', '}'],
  [0x31, '\\', '|'],
  [0x33, ';', ':'],
  [0x34, "'", '"'],
  [0x35, '`', '~'],
  [0x36, ',', '<'],
  [0x37, '.', '>'],
  [0x38, '/', '?'],
  // Keypad: scanners set to "emulate keypad" send digits from here.
  [0x54, '/', '/'],
  [0x55, '*', '*'],
  [0x56, '-', '-'],
  [0x57, '+', '+'],
  [0x59, '1', '1'],
  [0x5a, '2', '2'],
  [0x5b, '3', '3'],
  [0x5c, '4', '4'],
  [0x5d, '5', '5'],
  [0x5e, '6', '6'],
  [0x5f, '7', '7'],
  [0x60, '8', '8'],
  [0x61, '9', '9'],
  [0x62, '0', '0'],
  [0x63, '.', '.'],
];
for (const [usage, plain, shifted] of PUNCTUATION) define(usage, plain, shifted);

export const USAGE_ENTER = 0x28;
export const USAGE_KEYPAD_ENTER = 0x58;
export const USAGE_TAB = 0x2b;
/** Sent in every slot when more keys are down than the report holds ("phantom state"). */
export const USAGE_ERROR_ROLLOVER = 0x01;

/** Usages that are state, not characters: no key, Caps Lock, and modifiers reported as keys. */
export function isIgnoredUsage(usage: number): boolean {
  return usage === 0x00 || usage === 0x39 || (usage >= 0xe0 && usage <= 0xe7);
}

export function isTerminator(usage: number): boolean {
  return usage === USAGE_ENTER || usage === USAGE_KEYPAD_ENTER || usage === USAGE_TAB;
}

/** The character a usage types, or undefined for keys that type none (F-keys, arrows...). */
export function usageToChar(usage: number, shift: boolean): string | undefined {
  return (shift ? SHIFTED : PLAIN)[usage];
}
