import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { PublishedEntrySchema } from '../../../../src-common/ipc/console/documents';
import type { PublishedEntry } from '../../../../src-common/ipc/console/documents';
import { createLogger } from '../../../../src-shared/log/logger';
import { makeFolder, renameFile, writeWholeFile } from '../../../platform/files';

const log = createLogger('console:documents');

/** The file in the kiosk's data folder; document names and ids only, never patron data. */
export const PUBLISHED_FILE = 'published-documents.json';
/** Enough for a branch's years of notices; the oldest go first. */
export const MOST_KEPT = 200;

const RecordSchema = z.object({ documents: z.array(PublishedEntrySchema) });

/**
 * The documents this kiosk published, newest first: the interface has no "list documents"
 * operation, so this is what the "add to an existing document" list offers. A file that cannot
 * be read is an empty list (logged), never a failed publish.
 */
export function createPublishedRecord(dataDir: string) {
  const file = path.join(dataDir, PUBLISHED_FILE);
  // One write at a time, in order: two publishes in a row must both be kept.
  let writing: Promise<unknown> = Promise.resolve();

  async function list(): Promise<PublishedEntry[]> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        log.warn('the published documents list could not be read', { error });
      }
      return [];
    }
    try {
      const parsed = RecordSchema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data.documents;
    } catch {
      // Not JSON: as below.
    }
    log.warn('the published documents list is damaged; it starts again empty', { file });
    return [];
  }

  function add(entry: PublishedEntry): Promise<void> {
    const next = writing.then(async () => {
      const documents = [entry, ...(await list()).filter((kept) => kept.docid !== entry.docid)];
      await makeFolder(dataDir, 0o777);
      const temporary = `${file}.${process.pid}.tmp`;
      const text = `${JSON.stringify({ documents: documents.slice(0, MOST_KEPT) }, null, 2)}\n`;
      await writeWholeFile(temporary, Buffer.from(text, 'utf8'), { mode: 0o666, flush: false });
      await renameFile(temporary, file);
    });
    writing = next.catch((error: unknown) =>
      log.warn('the published document could not be recorded', { error }),
    );
    return writing.then(() => undefined);
  }

  return { list, add };
}

export type PublishedRecord = ReturnType<typeof createPublishedRecord>;
