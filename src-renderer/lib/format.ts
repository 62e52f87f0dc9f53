import type { DateView } from '../../src-common/ipc/contract';

/**
 * Locale formatting of what the core sends. Pure (no catalog, no state but a cache of Intl
 * formatters), so unit tests can run it in Node; `undefined` means "nothing to format" and the
 * caller picks the words for it.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/*
 * Building an Intl formatter costs about 0.1 ms, a hundred times what formatting with one
 * does, and a screen formats a date for each line at every state it draws: one per locale
 * (and zone or currency) is made, then kept. The keys are few (two languages, a currency).
 */
const DAYS = new Map<string, Intl.DateTimeFormat>();
const DATE_TIMES = new Map<string, Intl.DateTimeFormat>();
const AMOUNTS = new Map<string, Intl.NumberFormat>();

function cachedFormat<F>(cache: Map<string, F>, key: string, make: () => F): F {
  let format = cache.get(key);
  if (format === undefined) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** A date as the patron reads it, in the chosen language; `undefined` for unknown or none. */
export function formatDate(view: DateView, locale: string): string | undefined {
  if (view === null || view === 'unknown') return undefined;
  switch (view.kind) {
    case 'text':
      return view.text;
    case 'day':
      // A calendar day has no time zone: format it in UTC so it never shifts by one.
      return DAY.test(view.date)
        ? dayFormat(locale, 'UTC').format(new Date(`${view.date}T00:00:00Z`))
        : view.date;
    case 'local':
      return formatParsed(view.local, locale);
    case 'instant':
      return formatParsed(view.iso, locale);
    default:
      return view satisfies never;
  }
}

/** The date and time of day, for the receipt. */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat(locale).format(date);
}

/** An instant the core counts in epoch ms (the offline journal's times), as date and time. */
export function formatEpoch(ms: number, locale: string): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? String(ms) : dateTimeFormat(locale).format(date);
}

function dateTimeFormat(locale: string): Intl.DateTimeFormat {
  return cachedFormat(
    DATE_TIMES,
    locale,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  );
}

/** An amount in major units; with a currency code when the service gave one. */
export function formatMoney(amount: number, locale: string, currency?: string): string {
  if (currency) {
    try {
      return cachedFormat(
        AMOUNTS,
        `${locale} ${currency}`,
        () => new Intl.NumberFormat(locale, { style: 'currency', currency }),
      ).format(amount);
    } catch {
      // A code Intl does not know (the service's own spelling): the number, then the code.
      return `${formatPlain(amount, locale)} ${currency}`;
    }
  }
  return formatPlain(amount, locale);
}

function formatPlain(amount: number, locale: string): string {
  return cachedFormat(
    AMOUNTS,
    locale,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  ).format(amount);
}

function formatParsed(text: string, locale: string): string {
  // A local date-time without a zone is read in the kiosk's own zone, which is where it applies.
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : dayFormat(locale).format(date);
}

function dayFormat(locale: string, timeZone?: string): Intl.DateTimeFormat {
  return cachedFormat(
    DAYS,
    `${locale} ${timeZone ?? ''}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        ...(timeZone ? { timeZone } : {}),
      }),
  );
}
