import { MIN_DOCUMENT_NAME_LENGTH } from '../../../../src-common/ipc/console/documents';

export type NameCheck =
  { ok: true; name: string } | { ok: false; issue: 'too-short' | 'file-name-too-short' };

/** Characters as staff count them (code points): never fewer than the UTF-16 units a service counts. */
function length(text: string): number {
  return [...text].length;
}

/**
 * The name sent with create document. The interface allows an empty name or one of at least 3
 * characters; an empty field means the chosen file's own name (as the CLI's publish does), so a
 * document is never published nameless by accident. Spaces around the name are dropped.
 */
export function documentName(typed: string, fileName: string): NameCheck {
  const name = typed.trim();
  if (name.length > 0) {
    return length(name) >= MIN_DOCUMENT_NAME_LENGTH
      ? { ok: true, name }
      : { ok: false, issue: 'too-short' };
  }
  return length(fileName) >= MIN_DOCUMENT_NAME_LENGTH
    ? { ok: true, name: fileName }
    : { ok: false, issue: 'file-name-too-short' };
}
