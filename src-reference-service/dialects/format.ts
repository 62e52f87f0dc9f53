/**
 * Value spellings shared by the dialects. Inputs are the reference's: ISO 8601 UTC timestamps
 * ending in `Z`, `YYYY-MM-DD` calendar dates, money as numbers in currency units.
 */

/** Money as a numeric string with two decimals (`1.5` -> `"1.50"`), as decimal-minded APIs send it. */
export const decimalText = (amount: number): string => amount.toFixed(2);

/** An integer as a numeric string (`21` -> `"21"`). */
export const integerText = (value: number): string => String(value);

export const booleanText = (value: boolean): 'true' | 'false' => (value ? 'true' : 'false');

export const bit = (value: boolean): 0 | 1 => (value ? 1 : 0);

export const yesNo = (value: boolean): 'Y' | 'N' => (value ? 'Y' : 'N');

/** Empty text as null, for services that never send "". */
export const textOrNull = (value: string): string | null => (value === '' ? null : value);

/** `...Z` -> `...+00:00`: the same instant with an explicit offset (Jackson / System.Text.Json style). */
export const withOffset = (timestamp: string): string =>
  timestamp.endsWith('Z') ? `${timestamp.slice(0, -1)}+00:00` : timestamp;

/** The UTC calendar day of a timestamp, where only the day matters (due dates end at 23:59:59). */
export const dayOf = (timestamp: string): string => timestamp.slice(0, 10);

/** The old ASP.NET (DataContractJsonSerializer) date: milliseconds since the epoch. */
export const netDate = (isoDateOrTimestamp: string): string =>
  `/Date(${Date.parse(isoDateOrTimestamp)})/`;

/** The same with an explicit UTC offset, as that serializer writes DateTimeOffset values. */
export const netDateWithOffset = (timestamp: string): string =>
  `/Date(${Date.parse(timestamp)}+0000)/`;
