import type { JournalEntry } from '../journal/journal-entry';
import { exceptionWords } from './unread-answer';

const COLUMNS = [
  'id',
  'kind',
  'recorded_at',
  'item_barcode',
  'member_barcode',
  'state',
  'offline_due_date',
  'reason',
  'status',
  'code',
  'message',
] as const;

// A cell a spreadsheet may read as a formula: a formula character, after any whitespace, or a tab
// or carriage return first (OWASP, CSV injection).
const FORMULA_START = /^(?:\s*[=+\-@]|[\t\r])/;

/**
 * One CSV field, always quoted: a spreadsheet that splits on `;` or a tab still sees one cell. A
 * cell that could start a formula gets a leading `'` inside the quotes, so it is shown as text.
 */
export function csvField(value: string | number | undefined): string {
  if (value === undefined) return '""';
  const text = String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

function row(entry: JournalEntry): string {
  const { txn, exception } = entry;
  const values: Record<(typeof COLUMNS)[number], string | number | undefined> = {
    id: txn.id,
    kind: txn.kind,
    recorded_at: new Date(txn.at).toISOString(),
    item_barcode: txn.item,
    member_barcode: txn.member,
    state: entry.needsReconcile && entry.state !== 'exception' ? 'to-confirm' : entry.state,
    offline_due_date: txn.dueDate,
    reason: entry.state === 'exception' ? exception?.reason : undefined,
    status: entry.state === 'exception' ? exception?.status : undefined,
    code: entry.state === 'exception' ? exception?.code : undefined,
    message: entry.state === 'exception' ? exceptionWords(exception) : undefined,
  };
  return COLUMNS.map((column) => csvField(values[column])).join(',');
}

/** The journal (everything it holds) or its exceptions as CSV, for staff to keep or send on. */
export function journalCsv(
  entries: readonly JournalEntry[],
  what: 'journal' | 'exceptions',
  now: number,
): { fileName: string; csv: string } {
  const chosen =
    what === 'journal' ? entries : entries.filter((entry) => entry.state === 'exception');
  const day = new Date(now).toISOString().slice(0, 19).replace(/[:T]/g, '-');
  return {
    fileName: `offline-${what}-${day}.csv`,
    csv: [COLUMNS.map(csvField).join(','), ...chosen.map(row)].join('\r\n') + '\r\n',
  };
}
