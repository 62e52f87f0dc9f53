/**
 * Value coercion for records whose spelling and typing we do not control: numbers may come as
 * numeric strings, booleans as "Y" or 1, dates in several forms, and anything may be null.
 */

import type { ServiceDate } from '../../library/values';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A single-element list of scalars (`"barcodes": ["2441..."]`) stands for its element. */
function scalarOf(value: unknown): unknown {
  return Array.isArray(value) && value.length > 0 ? value[0] : value;
}

export function readText(value: unknown): string | undefined {
  const scalar = scalarOf(value);
  if (typeof scalar === 'string') return scalar;
  if (typeof scalar === 'number' && Number.isFinite(scalar)) return String(scalar);
  if (typeof scalar === 'boolean') return String(scalar);
  return undefined;
}

// An optional currency symbol or code around a plain decimal: "1.50", "€1.50", "1.50 EUR", "-2".
const NUMBER_TEXT =
  /^\s*(?:[A-Z]{3}\s*|[€$£¥]\s*)?([+-]?(?:\d+(?:\.\d+)?|\.\d+))\s*(?:[A-Z]{3}|[€$£¥])?\s*$/i;
const AMOUNT_KEYS = ['amount', 'value', 'sum', 'total'];

export function readNumber(value: unknown, depth = 0): number | undefined {
  const scalar = scalarOf(value);
  if (typeof scalar === 'number') return Number.isFinite(scalar) ? scalar : undefined;
  if (typeof scalar === 'string') {
    const match = NUMBER_TEXT.exec(scalar);
    return match?.[1] === undefined ? undefined : Number(match[1]);
  }
  // Money as an object: `{ "amount": "1.50", "currency": "EUR" }`, one or two levels deep at most.
  if (isPlainObject(scalar) && depth < 2) {
    for (const [key, inner] of Object.entries(scalar)) {
      if (AMOUNT_KEYS.includes(key.toLowerCase())) return readNumber(inner, depth + 1);
    }
  }
  return undefined;
}

const TRUE_TEXT = new Set(['true', 't', 'yes', 'y', '1']);
const FALSE_TEXT = new Set(['false', 'f', 'no', 'n', '0']);

export function readBoolean(value: unknown): boolean | undefined {
  const scalar = scalarOf(value);
  if (typeof scalar === 'boolean') return scalar;
  if (scalar === 1 || scalar === 0) return scalar === 1;
  if (typeof scalar === 'string') {
    const text = scalar.trim().toLowerCase();
    if (TRUE_TEXT.has(text)) return true;
    if (FALSE_TEXT.has(text)) return false;
  }
  return undefined;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/i;
const ZONED = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;
// ASP.NET's JSON date: `/Date(1700000000000)/`, optionally with an offset that does not move it.
const DOTNET = /^\/Date\((-?\d+)(?:[+-]\d{4})?\)\/$/;

function validDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.getUTCDate() === Number(match[3]);
}

function instant(ms: number): ServiceDate | undefined {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : { kind: 'instant', iso: date.toISOString() };
}

/** A string is always readable as a date: what is not a known form is kept as text. */
export function readDate(value: unknown): ServiceDate | undefined {
  const scalar = scalarOf(value);
  if (typeof scalar === 'number') return { kind: 'text', text: String(scalar) };
  if (typeof scalar !== 'string' || scalar.trim() === '') return undefined;
  const text = scalar.trim();
  if (validDay(text)) return { kind: 'day', date: text };
  if (LOCAL.test(text) && validDay(text.slice(0, 10))) return { kind: 'local', local: text };
  if (ZONED.test(text) && validDay(text.slice(0, 10))) {
    // `+0100` and `+01` are ISO 8601 too, but not every Date parser takes them.
    const normalised = text
      .replace(/([+-]\d{2})(\d{2})$/, '$1:$2')
      .replace(/([+-]\d{2})$/, '$1:00');
    const read = instant(Date.parse(normalised));
    if (read) return read;
  }
  const dotnet = DOTNET.exec(text);
  if (dotnet?.[1] !== undefined) return instant(Number(dotnet[1])) ?? { kind: 'text', text };
  return { kind: 'text', text };
}
