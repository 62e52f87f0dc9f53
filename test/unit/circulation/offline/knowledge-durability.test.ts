import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { offlineFiles } from '../../../../src-main/circulation/offline/offline-files';
import { openOfflineKnowledge } from '../../../../src-main/circulation/offline/offline-knowledge';
import { powerCuts } from '../../../support/crash-points/power-cuts';
import { asMember } from '../../../support/barcodes';

/**
 * The offline card knowledge (its block list) through a power cut at any instant of a save
 * (docs/offline.md#every-crash-point): written whole, flushed, renamed and its folder flushed, it
 * is never found unreadable (which would pause offline borrowing), and an import staff saw done
 * is still there.
 */

const FIRST = asMember('24410000000018');
const SECOND = asMember('24410000000026');
const isCard = (code: string): boolean => /^24410\d{9}$/.test(code);
const key = randomBytes(32);

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'knowledge-durable-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const open = (folder: string) =>
  openOfflineKnowledge({ file: offlineFiles(folder).knowledge, key, rememberDays: 30 });

describe('the offline card knowledge through a power cut', () => {
  it('is never left unreadable, and keeps an import once it returned', async () => {
    const before = await open(dataDir);
    await before.importBlockList(`${FIRST}\n`, isCard);
    await before.close();

    const cuts = await powerCuts(
      dataDir,
      async () => {
        const knowledge = await open(dataDir);
        await knowledge.importBlockList(`${SECOND}\n`, isCard);
        await knowledge.close();
      },
      async (folder) => {
        const knowledge = await open(folder);
        const seen = knowledge.loss()
          ? 'lost'
          : knowledge.blockOf(SECOND, Date.now())
            ? 'second list'
            : knowledge.blockOf(FIRST, Date.now())
              ? 'first list'
              : 'no list';
        await knowledge.close();
        return seen;
      },
    );
    expect(new Set(cuts.during)).toEqual(new Set(['first list', 'second list']));
    expect(new Set(cuts.after)).toEqual(new Set(['second list']));
  });
});
