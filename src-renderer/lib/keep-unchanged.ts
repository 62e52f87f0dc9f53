/**
 * `next`, with every part that equals the same part of `previous` replaced by that part: an
 * unchanged part keeps its identity, and a wholly unchanged value is `previous` itself.
 *
 * The core sends the whole state at every change; a scan changes one line of it. Svelte skips
 * the work for a value that is the same object as before, so with the unchanged parts kept, a
 * new state redraws the line that changed instead of every line, loan and date on the screen.
 * Arrays are compared index by index (the core appends lines and replaces them in place).
 */
export function keepUnchanged<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next)) return previous as T;
  if (Array.isArray(previous) && Array.isArray(next)) {
    const kept = next.map((item: unknown, index) => keepUnchanged(previous[index], item));
    const same =
      kept.length === previous.length && kept.every((item, index) => item === previous[index]);
    return (same ? previous : kept) as T;
  }
  if (isRecord(previous) && isRecord(next)) {
    const keys = Object.keys(next);
    const kept: Record<string, unknown> = {};
    let same = keys.length === Object.keys(previous).length;
    for (const key of keys) {
      kept[key] = keepUnchanged(previous[key], next[key]);
      same &&= Object.hasOwn(previous, key) && kept[key] === previous[key];
    }
    return (same ? previous : kept) as T;
  }
  return next;
}

/** A plain object, as JSON.parse makes them (not an array, a Date or a class instance). */
function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
