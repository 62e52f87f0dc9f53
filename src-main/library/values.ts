/** What a value that could not be read is, in every client type: never 0, "no", or "on time". */
export const UNKNOWN = 'unknown';

export type Unknown = typeof UNKNOWN;

/**
 * A date as the service gave it. `instant`: a moment (zone given, or the .NET form), as UTC ISO;
 * `day`: a calendar day; `local`: a wall-clock time without a zone, kept as given; `text`:
 * anything else, shown as given.
 */
export type ServiceDate =
  | { kind: 'instant'; iso: string }
  | { kind: 'day'; date: string }
  | { kind: 'local'; local: string }
  | { kind: 'text'; text: string };

/** Milliseconds of a date that names a moment or a day (end of that day, UTC); else undefined. */
export function dateMs(date: ServiceDate): number | undefined {
  if (date.kind === 'instant') return Date.parse(date.iso);
  if (date.kind === 'day') return Date.parse(`${date.date}T23:59:59.999Z`);
  if (date.kind === 'local') return Date.parse(date.local.replace(' ', 'T'));
  return undefined;
}

/** The date as a person reads it: instants in UTC to the minute, everything else as given. */
export function formatDate(date: ServiceDate | null | Unknown, none = 'none'): string {
  if (date === null) return none;
  if (date === UNKNOWN) return UNKNOWN;
  switch (date.kind) {
    case 'instant':
      return `${date.iso.slice(0, 10)} ${date.iso.slice(11, 16)} UTC`;
    case 'day':
      return date.date;
    case 'local':
      return date.local.replace('T', ' ');
    case 'text':
      return date.text;
  }
}
