import { open } from 'node:fs/promises';
import type { FileRejection } from '../../../../src-common/ipc/console/documents';
import type { Result } from '../../../../src-common/result';
import { err, ok } from '../../../../src-common/result';
import { networkCode } from '../../../library/library-error';

/** Every PDF starts with these bytes (ISO 32000-1, 7.5.2: the header line `%PDF-1.n`). */
export const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

export interface CheckedFile {
  sizeBytes: number;
}

/** Why the file was not taken, with the system's word for an unreadable one (for the log). */
export interface PdfRefusal {
  reason: FileRejection;
  cause?: string;
}

/**
 * The kiosk's own checks before anything goes to the service: a regular, non-empty file within
 * `maxBytes` whose first bytes are `%PDF-`. The extension proves nothing, so it is not looked at.
 */
export async function checkPdf(
  filePath: string,
  maxBytes: number,
): Promise<Result<CheckedFile, PdfRefusal>> {
  let handle;
  try {
    handle = await open(filePath, 'r');
  } catch (error) {
    return err({ reason: 'unreadable', cause: networkCode(error) });
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return err({ reason: 'unreadable', cause: 'not-a-file' });
    if (info.size === 0) return err({ reason: 'empty' });
    if (info.size > maxBytes) return err({ reason: 'too-large' });
    const head = Buffer.alloc(PDF_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead < head.length || !head.equals(PDF_MAGIC)) return err({ reason: 'not-pdf' });
    return ok({ sizeBytes: info.size });
  } catch (error) {
    return err({ reason: 'unreadable', cause: networkCode(error) });
  } finally {
    await handle.close();
  }
}
