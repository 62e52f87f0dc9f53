import { specOf } from './concepts';
import type { ConceptKey, ConceptOf, ConceptSpec, RecordKind } from './concepts';
import { resolvePath, topKey } from './locate';
import type { Located } from './locate';
import { isPlainObject, readBoolean, readDate, readNumber, readText } from './values';
import { UNKNOWN } from '../../library/values';
import type { ServiceDate, Unknown } from '../../library/values';

/** A deployment's own spellings: concept -> the field path in its records (`service.fieldMap`). */
export type FieldMap = Partial<Record<ConceptKey, string>>;

/** Where each concept was read from; the probe's report is built from it. */
export interface Trace {
  /** `path` is undefined when the concept was not found. */
  concept(kind: RecordKind, concept: string, path: string | undefined): void;
  /** Fields of a record that no concept read, with their values (for the probe's suggestions). */
  unread(kind: RecordKind, fields: Record<string, unknown>): void;
}

export interface Reading {
  fieldMap: FieldMap;
  /** Epoch ms, to tell whether a loan is overdue when the service only gives the due date. */
  now: number;
  trace?: Trace;
}

function fits(value: unknown, spec: ConceptSpec): boolean {
  switch (spec.type) {
    case 'text':
      return readText(value) !== undefined;
    case 'number':
      return readNumber(value) !== undefined;
    case 'boolean':
      return readBoolean(value) !== undefined;
    case 'date':
      return readDate(value) !== undefined;
    case 'list':
      return Array.isArray(value);
    case 'record':
      return isPlainObject(value);
  }
}

/** The first alias whose value fits; a null only when no alias has a value. */
function locateIn(record: Record<string, unknown>, spec: ConceptSpec): Located | undefined {
  let nullFound: Located | undefined;
  for (const alias of spec.aliases) {
    const found = resolvePath(record, alias);
    if (!found) continue;
    if (found.value === null) nullFound ??= found;
    else if (fits(found.value, spec)) return found;
  }
  return nullFound;
}

/**
 * One record seen through the alias table. A field-map entry for a concept replaces its aliases.
 * Among aliases the first whose value fits the concept's type wins; a null is taken only when no
 * alias has a value, so `{ "fine": null, "balance": 2.5 }` reads 2.5.
 */
export class RecordView<K extends RecordKind> {
  private readonly used = new Set<string>();

  /**
   * `nested`: keys of objects inside the record to look in when the record itself lacks a concept
   * (`{ "returned": {...}, "charge": null }`); a field beside them wins over one inside.
   */
  constructor(
    readonly kind: K,
    readonly record: Record<string, unknown>,
    private readonly reading: Reading,
    private readonly nested: readonly string[] = [],
  ) {}

  find(concept: ConceptOf<K>): Located | undefined {
    const found = this.locate(concept);
    this.reading.trace?.concept(this.kind, concept, found?.path);
    if (found) this.used.add(topKey(found.path, this.record));
    return found;
  }

  private locate(concept: ConceptOf<K>): Located | undefined {
    const spec = specOf(this.kind, concept);
    const mapped = this.reading.fieldMap[`${this.kind}.${concept}` as ConceptKey];
    if (mapped !== undefined) return resolvePath(this.record, mapped);
    const here = locateIn(this.record, spec);
    if (here) return here;
    for (const within of this.nested) {
      const record = this.record[within];
      const found = isPlainObject(record) ? locateIn(record, spec) : undefined;
      if (found) return { ...found, path: `${within}.${found.path}` };
    }
    return undefined;
  }

  /** The service sent the field empty or null: it has no value (unlike a field it did not send). */
  blank(concept: ConceptOf<K>): boolean {
    const found = this.locate(concept);
    return found !== undefined && (found.value === null || readText(found.value)?.trim() === '');
  }

  /** Text with something in it: an empty string and null both mean the service has none. */
  text(concept: ConceptOf<K>): string | undefined {
    const text = readText(this.find(concept)?.value);
    return text?.trim() ? text : undefined;
  }

  /** A number, or unknown when absent, null or unreadable: never 0 by default. */
  amount(concept: ConceptOf<K>): number | Unknown {
    return readNumber(this.find(concept)?.value) ?? UNKNOWN;
  }

  /** The currency inside a money object (`{ "amount": "1.50", "currency": "EUR" }`), if any. */
  currencyIn(concept: ConceptOf<K>): string | undefined {
    const money = this.locate(concept);
    if (!money || !isPlainObject(money.value)) return undefined;
    const found = resolvePath(money.value, 'currency') ?? resolvePath(money.value, 'currencyCode');
    const currency = readText(found?.value);
    if (found && currency)
      this.reading.trace?.concept(this.kind, 'currency', `${money.path}.${found.path}`);
    return currency;
  }

  /** What a transaction charged: sent as null, nothing (0); absent or unreadable, unknown. */
  charge(concept: ConceptOf<K>): number | Unknown {
    const found = this.find(concept);
    if (found?.value === null) return 0;
    return readNumber(found?.value) ?? UNKNOWN;
  }

  count(concept: ConceptOf<K>): number | undefined {
    return readNumber(this.find(concept)?.value);
  }

  flag(concept: ConceptOf<K>): boolean | undefined {
    return readBoolean(this.find(concept)?.value);
  }

  /** A date; null when the service sent the field empty ("no such date"); unknown when absent. */
  date(concept: ConceptOf<K>): ServiceDate | null | Unknown {
    const found = this.find(concept);
    if (!found) return UNKNOWN;
    if (found.value === null || found.value === '') return null;
    return readDate(found.value) ?? UNKNOWN;
  }

  list(concept: ConceptOf<K>): unknown[] | undefined {
    const found = this.find(concept);
    if (!found) return undefined;
    // A list field sent as null is an empty list: the service says there is nothing there.
    return Array.isArray(found.value) ? found.value : found.value === null ? [] : undefined;
  }

  object(concept: ConceptOf<K>): Record<string, unknown> | undefined {
    const value = this.find(concept)?.value;
    return isPlainObject(value) ? value : undefined;
  }

  /** Top-level fields some concept read. */
  usedKeys(): ReadonlySet<string> {
    return this.used;
  }

  /** The fields no concept read (nor `readElsewhere`): kept for staff, never a failure. */
  extra(readElsewhere: ReadonlySet<string> = new Set()): Record<string, unknown> {
    const extra = Object.fromEntries(
      Object.entries(this.record).filter(([key]) => !this.used.has(key) && !readElsewhere.has(key)),
    );
    this.reading.trace?.unread(this.kind, extra);
    return extra;
  }
}
