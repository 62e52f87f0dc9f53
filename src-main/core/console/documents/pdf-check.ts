import { open } from 'node:fs/promises';
import type { FileRejection } from '../../../../src-common/ipc/console/documents';
import { networkCode } from '../../../library/library-error';

/** Every PDF starts with these bytes (ISO 32000-1, 7.5.2: the header line `%PDF-1.n`). */
export const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

export interface CheckedFile {
  sizeBytes: number;
}

/**
 * The kiosk's own checks before anything goes to the service: a regular, non-empty file within
 * `maxBytes` whose first bytes are `%PDF-`. The extension proves nothing, so it is not looked at.
 */
export async function checkPdf(
  filePath: string,
  maxBytes: number,
): Promise<
  { ok: true; value: CheckedFile } | { ok: false; reason: FileRejection; cause?: string }
> {
  let handle;
  try {
    handle = await open(filePath, 'r');
  } catch (error) {
    return { ok: false, reason: 'unreadable', cause: networkCode(error) };
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { ok: false, reason: 'unreadable', cause: 'not-a-file' };
    if (info.size === 0) return { ok: false, reason: 'empty' };
    if (info.size > maxBytes) return { ok: false, reason: 'too-large' };
    const head = Buffer.alloc(PDF_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead < head.length || !head.equals(PDF_MAGIC)) return { ok: false, reason: 'not-pdf' };
    return { ok: true, value: { sizeBytes: info.size } };
  } catch (error) {
    return { ok: false, reason: 'unreadable', cause: networkCode(error) };
  } finally {
    await handle.close();
  }
}
