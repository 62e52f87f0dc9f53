/**
 * The facts of a client value, without what legitimately differs between services that answer
 * the same data: fields no concept read (`extra`), a member's status as the service words it
 * (`active`, `Y`; its meaning is compared as `blocked`), transaction ids, and whether a date came
 * as an instant or as a calendar day (compared by day, UTC).
 */
// Each service makes its own transaction ids.
const IGNORED = new Set(['extra', 'status', 'transactionId']);

export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (typeof record.kind === 'string' && Object.keys(record).length === 2) {
    if (record.kind === 'instant') return `day ${String(record.iso).slice(0, 10)}`;
    if (record.kind === 'day') return `day ${String(record.date)}`;
  }
  return Object.fromEntries(
    Object.entries(record)
      .filter(([key, inner]) => !IGNORED.has(key) && inner !== undefined)
      .map(([key, inner]) => [key, canonical(inner)]),
  );
}
