import type { MessageKey } from '../../i18n/message-key';

/** One line of the field map editor: a concept and the field path it is read from. */
export interface MappingRow {
  id: number;
  concept: string;
  path: string;
}

let nextId = 1;

export function newRow(concept = '', path = ''): MappingRow {
  return { id: nextId++, concept, path };
}

export function rowsOf(map: Record<string, string>): MappingRow[] {
  return Object.entries(map).map(([concept, path]) => newRow(concept, path));
}

/** The rows with `concept` mapped to `path`: its row changed, or a new row at the end. */
export function withMapping(rows: MappingRow[], concept: string, path: string): MappingRow[] {
  return rows.some((row) => row.concept === concept)
    ? rows.map((row) => (row.concept === concept ? { ...row, path } : row))
    : [...rows.filter((row) => row.concept.trim() || row.path.trim()), newRow(concept, path)];
}

/**
 * The field map the rows spell, or what to fix in which row. Blank rows are left out; the core
 * checks the map again with the settings' own schema.
 */
export function draftOf(
  rows: MappingRow[],
  concepts: readonly string[],
): { draft: Record<string, string>; errors: Map<number, MessageKey> } {
  const draft: Record<string, string> = {};
  const errors = new Map<number, MessageKey>();
  for (const row of rows) {
    const concept = row.concept.trim();
    const path = row.path.trim();
    if (!concept && !path) continue;
    if (!concept) errors.set(row.id, 'diagnostics.fieldMap.error.concept');
    else if (!concepts.includes(concept)) errors.set(row.id, 'diagnostics.fieldMap.error.unknown');
    else if (!path) errors.set(row.id, 'diagnostics.fieldMap.error.path');
    else if (Object.hasOwn(draft, concept)) errors.set(row.id, 'diagnostics.fieldMap.error.twice');
    else draft[concept] = path;
  }
  return { draft, errors };
}
