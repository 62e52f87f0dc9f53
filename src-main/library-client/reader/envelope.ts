import { ENVELOPE_KEYS } from './concepts';
import type { ConceptOf, RecordKind } from './concepts';
import { resolvePath } from './locate';
import { isPlainObject } from './values';
import { RecordView } from './view';
import type { Reading } from './view';

const isScalar = (value: unknown): boolean => typeof value !== 'object' || value === null;

/**
 * The record inside envelopes such as `{ "data": {...} }` or `{ "result": {...}, "success": true }`:
 * an envelope key holding an object, beside nothing but scalar metadata; or any single key holding
 * an object, alone. A record that has other objects or lists beside it
 * (`{ "member": {...}, "loans": [...] }`) is not an envelope.
 */
export function unwrapRecord(body: unknown): Record<string, unknown> | undefined {
  let current = body;
  for (let depth = 0; depth < 3; depth += 1) {
    if (!isPlainObject(current)) return undefined;
    const inner = envelopeOf(current);
    if (!inner) return current;
    current = inner;
  }
  return isPlainObject(current) ? current : undefined;
}

function envelopeOf(record: Record<string, unknown>): Record<string, unknown> | undefined {
  for (const key of ENVELOPE_KEYS) {
    const found = resolvePath(record, key);
    if (!found || !isPlainObject(found.value)) continue;
    const others = Object.entries(record).filter(([name]) => name !== found.path);
    if (others.every(([, value]) => isScalar(value))) return found.value;
  }
  // Any name around a record and nothing else (`{ "loan": {...} }`, `{ "patron": {...} }`).
  const entries = Object.values(record);
  const only = entries.length === 1 ? entries[0] : undefined;
  return isPlainObject(only) ? only : undefined;
}

export type ListKind = Extract<RecordKind, 'memberList' | 'branchList' | 'memberTypeList'>;

export interface FoundList<K extends ListKind> {
  items: Record<string, unknown>[];
  /** The object that held the list (for paging fields); undefined for a bare array. */
  container?: RecordView<K>;
}

/**
 * A list that arrives bare, under one of the kind's list keys, inside an envelope, or as the only
 * array in the answer. Entries that are not objects cannot be records and are left out.
 */
export function findList<K extends ListKind>(
  body: unknown,
  kind: K,
  reading: Reading,
): FoundList<K> | undefined {
  const records = (items: unknown[]): Record<string, unknown>[] => items.filter(isPlainObject);
  if (Array.isArray(body)) return { items: records(body) };
  const record = unwrapRecord(body);
  if (!record) return undefined;
  const container = new RecordView(kind, record, reading);
  const listed = container.list('items' as ConceptOf<K>);
  if (listed) return { items: records(listed), container };
  const arrays = Object.values(record).filter(Array.isArray);
  if (arrays.length === 1 && arrays[0]) return { items: records(arrays[0]), container };
  return undefined;
}
