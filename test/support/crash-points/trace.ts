import path from 'node:path';
import type { Recording } from './recording';

/** A recording as lines, paths relative to its root and bytes as counts: for reading a failure. */
export function traceLines(recording: Recording<unknown>): string[] {
  const at = (file: string): string => path.relative(recording.root, file) || '.';
  let operation = 0;
  return recording.entries.map((entry) => {
    if (entry.kind === 'mark') return `        ${JSON.stringify(entry.mark)}`;
    operation += 1;
    const { op, ...rest } = entry.operation;
    const fields = Object.entries(rest).map(([key, value]) => {
      if (Buffer.isBuffer(value)) return `${key}=${value.length} B`;
      if (key === 'path' || key === 'from' || key === 'to') return `${key}=${at(String(value))}`;
      return `${key}=${String(value)}`;
    });
    return `${String(operation).padStart(5)}. ${op} ${fields.join(' ')}`;
  });
}
