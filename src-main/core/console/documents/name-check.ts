import { MIN_DOCUMENT_NAME_LENGTH } from '../../../../src-common/ipc/console/documents';
import type { Result } from '../../../../src-common/result';
import { err, ok } from '../../../../src-common/result';

/** Why the name cannot be sent: the one typed, or the file's own when the field was empty. */
export type NameIssue = 'too-short' | 'file-name-too-short';

/** The name to send, or why there is none. */
export type NameCheck = Result<string, NameIssue>;

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
    return length(name) >= MIN_DOCUMENT_NAME_LENGTH ? ok(name) : err('too-short');
  }
  return length(fileName) >= MIN_DOCUMENT_NAME_LENGTH ? ok(fileName) : err('file-name-too-short');
}
