import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { PublishedEntrySchema } from '../../../../src-common/ipc/console/documents';
import type { PublishedEntry } from '../../../../src-common/ipc/console/documents';
import { createLogger } from '../../../../src-shared/log/logger';
import { replaceFile } from '../../../platform/durable-files';
import { setAsideUnreadableFile } from '../../../platform/set-aside';

const log = createLogger('console:documents');

/** The file in the kiosk's data folder; document names and ids only, never patron data. */
export const PUBLISHED_FILE = 'published-documents.json';
/** Enough for a branch's years of notices; the oldest go first. */
export const MOST_KEPT = 200;

const RecordSchema = z.object({ documents: z.array(PublishedEntrySchema) });

/**
 * The documents this kiosk published, newest first: the interface has no "list documents"
 * operation, so this is what the "add to an existing document" list offers. A file that cannot
 * be read is set aside (`.corrupt-<time>`, logged) and the list starts again empty, never a
 * failed publish. Written with replaceFile: a power cut neither damages it nor drops an entry.
 */
export function createPublishedRecord(dataDir: string) {
  const file = path.join(dataDir, PUBLISHED_FILE);
  // One write at a time, in order: two publishes in a row must both be kept.
  let writing: Promise<unknown> = Promise.resolve();

  async function list(): Promise<PublishedEntry[]> {
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        log.warn('the published documents list could not be read', { error });
      }
      return [];
    }
    try {
      const parsed = RecordSchema.safeParse(JSON.parse(bytes.toString('utf8')));
      if (parsed.success) return parsed.data.documents;
    } catch {
      // Not JSON: as below.
    }
    // Kept for inspection, not written over by the next publish.
    await setAsideUnreadableFile(file, {
      holds: 'published documents list',
      consequence: 'the list of documents published from this kiosk starts again empty',
      expected: bytes,
    });
    return [];
  }

  function add(entry: PublishedEntry): Promise<void> {
    const next = writing.then(async () => {
      const documents = [entry, ...(await list()).filter((kept) => kept.docid !== entry.docid)];
      const text = `${JSON.stringify({ documents: documents.slice(0, MOST_KEPT) }, null, 2)}\n`;
      await replaceFile(file, Buffer.from(text, 'utf8'));
    });
    writing = next.catch((error: unknown) =>
      log.warn('the published document could not be recorded', { error }),
    );
    return writing.then(() => undefined);
  }

  return { list, add };
}

export type PublishedRecord = ReturnType<typeof createPublishedRecord>;
