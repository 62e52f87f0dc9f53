/**
 * A barcode rule as staff think of it: the code starts with these characters and has this many
 * characters in all, the rest digits. It is stored as the regular expression the kiosk's scanner
 * classifier already tests (`^2\d{13}$` for cards starting with 2, 14 characters long); a stored
 * expression of any other shape is not a simple rule and stays as an expression (Advanced).
 */
export interface BarcodeRule {
  startsWith: string;
  length: number;
}

const SPECIAL = /[\\^$.*+?()[\]{}|/-]/g;
/** `^`, a literal start (letters, digits, escaped specials), `\d{n}`, `$`: nothing else. */
const SIMPLE = /^\^((?:[A-Za-z0-9:]|\\[\\^$.*+?()[\]{}|/-])*)\\d\{(\d+)\}\$$/;

export function ruleToPattern(rule: BarcodeRule): string {
  const digits = rule.length - [...rule.startsWith].length;
  return `^${rule.startsWith.replace(SPECIAL, '\\$&')}\\d{${digits}}$`;
}

/** The rule a stored pattern expresses, or undefined when it is not a simple rule. */
export function patternToRule(pattern: string): BarcodeRule | undefined {
  const found = SIMPLE.exec(pattern);
  if (!found) return undefined;
  const startsWith = found[1]!.replace(/\\(.)/g, '$1');
  return { startsWith, length: [...startsWith].length + Number(found[2]) };
}

/** A rule whose start leaves room for at least one digit; what the form may write. */
export function isWritable(rule: BarcodeRule): boolean {
  return (
    Number.isInteger(rule.length) &&
    rule.length > [...rule.startsWith].length &&
    rule.length <= 256 &&
    /^[A-Za-z0-9$+./:-]*$/.test(rule.startsWith)
  );
}
