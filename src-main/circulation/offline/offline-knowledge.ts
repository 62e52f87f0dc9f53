import { memberBarcodeOf, type MemberBarcode } from '../../../src-common/barcodes';
import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { createLogger } from '../../../src-shared/log/logger';
import { openAead, sealAead } from '../../platform/aead';
import { replaceFile } from '../../platform/durable-files';
import { KnowledgeLossSchema } from '../../../src-common/ipc/offline';
import type { KnowledgeLoss } from '../../../src-common/ipc/offline';
import { setAsideUnreadableFile } from '../../platform/set-aside';
import type { MemberCirculation, MemberType } from '../../library/records';
import { UNKNOWN, dateMs } from '../../library/values';

const log = createLogger('circulation:offline');

const DAY_MS = 86_400_000;
const PURPOSE = Buffer.from('library-kiosk offline knowledge v1');

export type OfflineBlock = 'member_blocked' | 'member_expired';

const KnowledgeSchema = z.object({
  /** Keyed hash of a card -> what an online lookup said, and when. No barcode is kept. */
  members: z.record(
    z.string(),
    z.object({
      seenAt: z.number(),
      memberType: z.string().optional(),
      block: z.enum(['member_blocked', 'member_expired']).optional(),
    }),
  ),
  /** Cards staff imported as blocked (keyed hashes), replaced by each import. */
  imported: z.array(z.string()),
  /** Member type -> loan period in days, from the service's list of member types. */
  loanDays: z.record(z.string(), z.number().positive()),
  /** The file before this one was unreadable: offline borrowing waits for staff (ipc/offline.ts). */
  lost: KnowledgeLossSchema.optional(),
});
type Knowledge = z.infer<typeof KnowledgeSchema>;

export interface BlockListImport {
  imported: number;
  /** Lines that were not a card barcode: 1-based line numbers (a header line is not counted). */
  rejected: number[];
}

/**
 * What the kiosk knows for offline decisions: which cards were blocked or expired when last seen
 * online (plus a list staff can import), and each card's member type for its loan period. Cards
 * are kept only as keyed hashes (HMAC-SHA-256 under a key derived from the journal's), in a file
 * sealed with AES-GCM, so neither the file nor its key alone gives a barcode back.
 *
 * The seal is also what makes damage visible: one changed bit or a cut-short file fails the GCM
 * tag. Such a file is set aside, never read as "nothing known": a block list that vanished would
 * let a blocked card borrow offline, so borrowing offline waits (`checkOutPaused`) until staff
 * import a block list or confirm lending without one. No file at all (never written) is not that.
 */
export interface OfflineKnowledge {
  rememberLookup(memberBarcode: MemberBarcode, circulation: MemberCirculation, at: number): void;
  setMemberTypes(types: readonly MemberType[]): void;
  blockOf(memberBarcode: MemberBarcode, at: number): OfflineBlock | undefined;
  /** The loan period of the card's member type, when a recent lookup and the type list say it. */
  loanDays(memberBarcode: MemberBarcode, at: number): number | undefined;
  importBlockList(
    csv: string,
    isCard: (memberBarcode: MemberBarcode) => boolean,
  ): Promise<BlockListImport>;
  counts(): { remembered: number; blocked: number; imported: number; memberTypes: number };
  /** The file found unreadable at a start, until an import with a card in it. */
  loss(): KnowledgeLoss | undefined;
  /** Offline borrowing waits: the file was lost and staff have not confirmed lending without it. */
  checkOutPaused(): boolean;
  /** Staff confirm lending offline without a block list; false when nothing waits for that. */
  lendWithoutBlockList(at: number): Promise<boolean>;
  flush(): Promise<void>;
  /** Writes what is pending, then nothing more: another instance may own the file next. */
  close(): Promise<void>;
}

export interface OfflineKnowledgeOptions {
  file: string;
  /**
   * The journal's key; the sealing and hashing keys are derived from it. Absent (the journal's
   * key is missing or unreadable): the file is neither read nor written, so it is still whole when
   * the key comes back; what is learnt meanwhile lasts this run.
   */
  key: Buffer | undefined;
  rememberDays: number;
  now?: () => number;
}

function subkey(key: Buffer, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), info, 32));
}

function blockIn(circulation: MemberCirculation, at: number): OfflineBlock | undefined {
  const blocks = circulation.blocks === UNKNOWN ? [] : circulation.blocks;
  if (circulation.member.blocked === true || blocks.includes('member_blocked')) {
    return 'member_blocked';
  }
  const { expiry } = circulation.member;
  const expired =
    blocks.includes('member_expired') ||
    (expiry !== null && expiry !== UNKNOWN && (dateMs(expiry) ?? Infinity) < at);
  return expired ? 'member_expired' : undefined;
}

/** The first field of each CSV line, unquoted; a first line that is not a card is a header. */
function firstFields(csv: string): string[] {
  return csv
    .split(/\r?\n/)
    .map(
      (line) =>
        line
          .split(/[,;\t]/)[0]
          ?.trim()
          .replace(/^"(.*)"$/, '$1') ?? '',
    )
    .map((field) => field.trim());
}

type Read =
  | { kind: 'absent' }
  | { kind: 'read'; knowledge: Knowledge }
  /** `bytes`: what was read, so that only this content is set aside (set-aside.ts). */
  | { kind: 'unreadable'; why: string; bytes?: Buffer };

async function readKnowledge(file: string, sealKey: Buffer): Promise<Read> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { kind: 'absent' } : { kind: 'unreadable', why: code ?? 'read' };
  }
  // IV, GCM tag, ciphertext (platform/aead.ts), bound to its purpose.
  const opened = openAead(sealKey, bytes, PURPOSE);
  if (!opened) return { kind: 'unreadable', why: 'seal', bytes };
  try {
    const parsed = KnowledgeSchema.safeParse(JSON.parse(opened.toString('utf8')));
    return parsed.success
      ? { kind: 'read', knowledge: parsed.data }
      : { kind: 'unreadable', why: 'content', bytes };
  } catch {
    return { kind: 'unreadable', why: 'content', bytes };
  }
}

/**
 * No file, but one set aside before it: the fresh file after a loss was never written (a full
 * disk, a power cut) or was deleted. Still a loss, or a restart would lend without the list.
 */
async function earlierSetAside(file: string): Promise<string | undefined> {
  const prefix = `${path.basename(file)}.corrupt-`; // set-aside.ts names them so
  const names = await readdir(path.dirname(file)).catch(() => [] as string[]);
  const aside = names.filter((name) => name.startsWith(prefix)).sort();
  const last = aside[aside.length - 1];
  return last ? path.join(path.dirname(file), last) : undefined;
}

export async function openOfflineKnowledge(
  options: OfflineKnowledgeOptions,
): Promise<OfflineKnowledge> {
  const now = options.now ?? Date.now;
  // Without the journal's key: a key of this run only, and the file left alone.
  const stored = options.key !== undefined;
  const baseKey = options.key ?? randomBytes(32);
  const sealKey = subkey(baseKey, 'offline knowledge sealing');
  const hashKey = subkey(baseKey, 'offline knowledge card hash');
  const keep = options.rememberDays * DAY_MS;
  let knowledge: Knowledge = { members: {}, imported: [], loanDays: {} };
  let writable = stored;
  const read = stored ? await readKnowledge(options.file, sealKey) : ({ kind: 'absent' } as const);
  if (read.kind === 'read') knowledge = read.knowledge;
  let lostNow = false;
  if (read.kind === 'unreadable') {
    const setAside = await setAsideUnreadableFile(options.file, {
      holds: 'offline card knowledge',
      consequence:
        'its block list and remembered cards are gone; offline borrowing waits until staff import the block list again or confirm lending without it',
      ...(read.bytes ? { expected: read.bytes } : {}),
      now: () => new Date(now()),
    });
    log.warn('offline borrowing paused: the offline card knowledge was unreadable', {
      why: read.why,
    });
    knowledge.lost = { at: now(), ...(setAside ? { setAside } : {}) };
    // Not moved: written over, it would read as whole at the next start. Left for that start.
    writable = setAside !== null;
    lostNow = writable;
  } else if (read.kind === 'absent' && stored) {
    const setAside = await earlierSetAside(options.file);
    if (setAside) {
      log.warn('offline knowledge missing after one was set aside: offline borrowing paused', {
        setAside,
      });
      knowledge.lost = { at: now(), setAside };
      lostNow = true;
    }
  }
  let imported = new Set(knowledge.imported);
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let closed = false;

  const hash = (memberBarcode: MemberBarcode): string =>
    createHmac('sha256', hashKey).update(memberBarcode, 'utf8').digest('base64url').slice(0, 32);

  async function write(): Promise<void> {
    if (!writable) return;
    knowledge.imported = [...imported];
    const sealed = sealAead(sealKey, Buffer.from(JSON.stringify(knowledge), 'utf8'), PURPOSE);
    // Whole and flushed before the rename, the folder after it: a power cut never leaves the
    // file unreadable (which pauses offline borrowing) nor undoes an import staff saw done.
    await replaceFile(options.file, sealed);
  }

  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    writing = writing
      .then(write)
      .catch((error: unknown) => log.error('offline knowledge not saved', { error }));
    return writing;
  };
  // Lookups come in bursts at a busy kiosk: one write a few seconds after the last change.
  const soon = (): void => {
    if (timer || closed) return;
    timer = setTimeout(() => void flush(), 2_000);
    timer.unref();
  };
  // The pause is written down at once, so a restart before any lookup keeps it.
  if (lostNow) await flush();

  return {
    rememberLookup(memberBarcode, circulation, at) {
      const block = blockIn(circulation, at);
      const { memberType } = circulation.member;
      knowledge.members[hash(memberBarcode)] = {
        seenAt: at,
        ...(memberType ? { memberType } : {}),
        ...(block ? { block } : {}),
      };
      for (const [key, entry] of Object.entries(knowledge.members)) {
        if (at - entry.seenAt > keep) delete knowledge.members[key];
      }
      soon();
    },
    setMemberTypes(types) {
      const loanDays: Record<string, number> = {};
      for (const type of types) {
        if (type.id && type.loanPeriodDays && type.loanPeriodDays > 0) {
          loanDays[type.id] = type.loanPeriodDays;
        }
      }
      knowledge.loanDays = loanDays;
      soon();
    },
    blockOf(memberBarcode, at) {
      const key = hash(memberBarcode);
      if (imported.has(key)) return 'member_blocked';
      const seen = knowledge.members[key];
      return seen && at - seen.seenAt <= keep ? seen.block : undefined;
    },
    loanDays(memberBarcode, at) {
      const seen = knowledge.members[hash(memberBarcode)];
      if (!seen?.memberType || at - seen.seenAt > keep) return undefined;
      return knowledge.loanDays[seen.memberType];
    },
    async importBlockList(csv, isCard) {
      const next = new Set<string>();
      const rejected: number[] = [];
      firstFields(csv).forEach((field, index) => {
        if (field === '') return;
        // A line of the file is untrusted text: a barcode first, then a card by the patterns.
        const memberBarcode = memberBarcodeOf(field);
        if (memberBarcode && isCard(memberBarcode)) next.add(hash(memberBarcode));
        else if (index > 0 || next.size > 0) rejected.push(index + 1);
      });
      imported = next;
      // A list with a card in it is the list staff mean: offline borrowing checks it from now.
      // An empty one (a wrong file, say) leaves a pause for staff to lift by confirming.
      const resumed = knowledge.lost !== undefined && next.size > 0;
      if (resumed) delete knowledge.lost;
      await flush();
      log.info('block list imported', { cards: next.size, rejected: rejected.length });
      if (resumed) log.info('offline borrowing resumes with the imported block list');
      return { imported: next.size, rejected };
    },
    counts() {
      const members = Object.values(knowledge.members);
      return {
        remembered: members.length,
        blocked: members.filter((entry) => entry.block).length,
        imported: imported.size,
        memberTypes: Object.keys(knowledge.loanDays).length,
      };
    },
    loss: () => (knowledge.lost ? { ...knowledge.lost } : undefined),
    checkOutPaused: () => knowledge.lost !== undefined && knowledge.lost.confirmedAt === undefined,
    async lendWithoutBlockList(at) {
      if (!knowledge.lost || knowledge.lost.confirmedAt !== undefined) return false;
      knowledge.lost = { ...knowledge.lost, confirmedAt: at };
      await flush();
      log.warn('staff confirmed lending offline without a block list');
      return true;
    },
    flush,
    async close() {
      if (closed) return;
      const pending = timer !== undefined;
      closed = true;
      if (pending) await flush();
      else await writing;
    },
  };
}
