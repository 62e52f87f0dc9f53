/** Calendar arithmetic of circulation, in UTC so that due dates do not depend on the host's zone. */

const DAY_MS = 86_400_000;

/** 23:59:59.000 UTC of the day `days` after `from`'s UTC day. */
export function endOfUtcDay(from: Date, days = 0): Date {
  const end = Date.UTC(
    from.getUTCFullYear(),
    from.getUTCMonth(),
    from.getUTCDate() + days,
    23,
    59,
    59,
  );
  return new Date(end);
}

/** `YYYY-MM-DD` of `date`'s UTC day shifted by `days`. */
export function utcDate(date: Date, days = 0): string {
  return new Date(date.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** Started days between a due date and now; 0 when not overdue. */
export function daysOverdue(dueAt: string, now: Date): number {
  const late = now.getTime() - Date.parse(dueAt);
  return late > 0 ? Math.ceil(late / DAY_MS) : 0;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}
