import { isPlainObject } from './values';

/** Names compare without regard to case, `_`, `-`, `@`, `$` or spaces; dots separate path steps. */
export function normaliseName(name: string): string {
  return name.toLowerCase().replace(/[\s_\-@$]/g, '');
}

export interface Located {
  /** The path as the service spells it, e.g. `personal.firstName`. */
  path: string;
  value: unknown;
}

// Each record's keys by normalised name, built once per object however many concepts look.
const indexes = new WeakMap<object, Map<string, string>>();

function indexOf(record: Record<string, unknown>): Map<string, string> {
  let index = indexes.get(record);
  if (!index) {
    index = new Map();
    for (const key of Object.keys(record)) {
      const name = normaliseName(key);
      if (!index.has(name)) index.set(name, key);
    }
    indexes.set(record, index);
  }
  return index;
}

/**
 * The value under a dotted path, each step matched by normalised name. A key may itself contain
 * dots (`@odata.count`), so the longest run of steps that names a key is tried first.
 */
// Aliases and field-map paths are few and reused for every record: normalise each once.
const stepsByPath = new Map<string, string[]>();

function stepsOf(path: string): string[] {
  let steps = stepsByPath.get(path);
  if (!steps) {
    steps = path.split('.').map(normaliseName);
    if (stepsByPath.size < 10_000) stepsByPath.set(path, steps);
  }
  return steps;
}

export function resolvePath(record: Record<string, unknown>, path: string): Located | undefined {
  return resolveSteps(record, stepsOf(path), '');
}

function resolveSteps(
  record: Record<string, unknown>,
  steps: string[],
  prefix: string,
): Located | undefined {
  const index = indexOf(record);
  for (let take = steps.length; take >= 1; take -= 1) {
    const key = index.get(steps.slice(0, take).join('.'));
    if (key === undefined) continue;
    const value = record[key];
    const path = prefix ? `${prefix}.${key}` : key;
    if (take === steps.length) return { path, value };
    if (isPlainObject(value)) {
      const deeper = resolveSteps(value, steps.slice(take), path);
      if (deeper) return deeper;
    }
  }
  return undefined;
}

/** The first step of a path as the record spells it, so a consumed field is not shown as extra. */
export function topKey(path: string, record: Record<string, unknown>): string {
  for (const key of Object.keys(record)) if (path === key || path.startsWith(`${key}.`)) return key;
  return path;
}
