import { memberBarcodeOf } from '../../src-common/barcodes';
import type { RestLibraryClient } from './client';
import { describeLibraryError } from '../library/library-error';
import { libraryProblem } from '../library/library-problem';
import { probeNoteEnglish, type ProbeReadNote } from './probe-notes';
import type { OperationName, LibraryError } from '../library/library-error';
import { specOf } from './reader/concepts';
import type { ConceptKey, ConceptOf, ConceptSpec, RecordKind } from './reader/concepts';
import { normaliseName } from './reader/locate';
import { isPlainObject, readBoolean, readDate, readNumber, readText } from './reader/values';
import type { Trace } from './reader/view';
import type { ProbeReport } from '../../src-common/ipc/probe-report';
import { withVerdicts } from './probe-verdicts';
import type { Result } from '../../src-common/result';

export type { ProbeReport } from '../../src-common/ipc/probe-report';

export interface ProbeOptions {
  /** The member to look up with circulation details; else the first member of the list. */
  barcode?: string;
  email?: string;
  signal?: AbortSignal;
}

function fitsType(value: unknown, spec: ConceptSpec): boolean {
  switch (spec.type) {
    case 'text':
      return typeof value === 'string' || typeof value === 'number';
    case 'number':
      return readNumber(value) !== undefined;
    case 'boolean':
      return readBoolean(value) !== undefined;
    case 'date':
      return readDate(value)?.kind !== 'text' && readDate(value) !== undefined;
    case 'list':
      return Array.isArray(value);
    case 'record':
      return isPlainObject(value);
  }
}

/** Collects where each concept was found, across every record an operation read. */
class ProbeTrace implements Trace {
  readonly found = new Map<ConceptKey, string | null>();
  // Field path -> one sample value, kept in memory only to judge a suggestion's type.
  readonly unreadFields = new Map<RecordKind, Map<string, unknown>>();

  concept(kind: RecordKind, concept: string, path: string | undefined): void {
    const key = `${kind}.${concept}` as ConceptKey;
    if (path !== undefined) {
      if (!this.found.get(key)) this.found.set(key, path);
    } else if (!this.found.has(key)) this.found.set(key, null);
  }

  unread(kind: RecordKind, fields: Record<string, unknown>): void {
    const known = this.unreadFields.get(kind) ?? new Map<string, unknown>();
    this.unreadFields.set(kind, known);
    for (const [name, value] of Object.entries(fields)) {
      if (!known.has(name)) known.set(name, value);
      // One level down, so `account.balance_due` can be suggested too.
      if (isPlainObject(value)) {
        for (const [inner, innerValue] of Object.entries(value)) {
          const path = `${name}.${inner}`;
          if (!known.has(path)) known.set(path, innerValue);
        }
      }
    }
  }

  /** Each found path is claimed once; a concept not found takes the unread field that fits best. */
  suggestions(): Partial<Record<ConceptKey, string>> {
    const suggested: Partial<Record<ConceptKey, string>> = {};
    const taken = new Set<string>();
    for (const [key, from] of this.found) {
      if (from !== null) continue;
      const [kind, concept] = key.split('.') as [RecordKind, string];
      const spec = specOf(kind, concept as ConceptOf<RecordKind>);
      // A concept's own name is a hint only when long enough not to match everything (`id`).
      const name = normaliseName(concept);
      const hints = spec.hints ?? (name.length >= 4 ? [name] : []);
      const candidates = [...(this.unreadFields.get(kind) ?? new Map<string, unknown>())].filter(
        ([path, value]) =>
          !taken.has(`${kind}:${path}`) &&
          value !== null &&
          fitsType(value, spec) &&
          hints.some((hint) => normaliseName(path).includes(hint)),
      );
      const best = candidates[0];
      if (best) {
        suggested[key] = best[0];
        taken.add(`${kind}:${best[0]}`);
      }
    }
    return suggested;
  }
}

/**
 * Calls every read-only operation once and reports, per concept, the field it was read from.
 * Nothing is changed on the service.
 */
export async function runProbe(
  client: RestLibraryClient,
  options: ProbeOptions = {},
): Promise<ProbeReport> {
  const trace = new ProbeTrace();
  const call = { trace, ...(options.signal ? { signal: options.signal } : {}) };
  const operations: ProbeReport['operations'] = [];
  const record = <T>(
    operation: OperationName,
    result: Result<T, LibraryError>,
    read: (value: T) => ProbeReadNote,
  ): T | undefined => {
    if (result.ok) {
      const note = read(result.value);
      operations.push({ operation, outcome: 'ok', detail: probeNoteEnglish(note), note });
    } else {
      operations.push({
        operation,
        outcome: 'failed',
        detail: describeLibraryError(result.error),
        note: { kind: 'failed', problem: libraryProblem(result.error) },
      });
    }
    return result.ok ? result.value : undefined;
  };
  const skip = (operation: OperationName, note: ProbeReadNote): void => {
    operations.push({ operation, outcome: 'skipped', detail: probeNoteEnglish(note), note });
  };

  record('getUserInfo', await client.getUserInfo(call), (info) => ({
    kind: info.user.name || info.user.userName ? 'user-named' : 'no-user-name',
  }));
  const page = record(
    'listMembers',
    await client.listMembers({ name: '', size: 20, page: 1 }, call),
    (value) => ({ kind: 'members-on-page', count: value.members.length }),
  );
  const first = page?.members[0];
  if (first?.id) {
    record('getMember', await client.getMember(first.id, call), () => ({
      kind: 'first-member-read',
    }));
  } else skip('getMember', { kind: page ? 'no-member-id' : 'list-failed' });
  record('listBranches', await client.listBranches(call), (list) => ({
    kind: 'branches',
    count: list.length,
  }));
  record('listMemberTypes', await client.listMemberTypes(call), (list) => ({
    kind: 'member-types',
    count: list.length,
  }));

  const lookup = (value: { loans: unknown }): ProbeReadNote =>
    Array.isArray(value.loans)
      ? { kind: 'loans', count: value.loans.length }
      : { kind: 'loans-not-found' };
  if (options.email) {
    record('memberByEmail', await client.memberByEmail(options.email, call), lookup);
  } else {
    const memberBarcode = memberBarcodeOf(options.barcode ?? readText(first?.barcode));
    if (memberBarcode)
      record('memberByBarcode', await client.memberByBarcode(memberBarcode, call), lookup);
    else skip('memberByBarcode', { kind: 'no-barcode' });
  }

  return {
    operations,
    concepts: withVerdicts([...trace.found].map(([concept, from]) => ({ concept, from }))),
    unread: Object.fromEntries(
      [...trace.unreadFields]
        .map(
          ([kind, fields]) =>
            [kind, [...fields.keys()].filter((name) => !name.includes('.'))] as const,
        )
        .filter(([, names]) => names.length > 0),
    ),
    suggestedFieldMap: trace.suggestions(),
  };
}
