import { z } from 'zod';

/**
 * What staff see of store and forward: connectivity, the sync, the queue and its exceptions.
 * Barcodes appear here, and only here: this exists only while staff mode is open.
 */

const QueuedLineSchema = z.object({
  id: z.string(),
  kind: z.enum(['check-out', 'check-in']),
  /** When the patron scanned it (epoch ms, the kiosk's clock). */
  at: z.number(),
  item: z.string(),
  member: z.string().optional(),
});

/** An answer the kiosk did not follow or read: what it was, for staff's words in their language. */
const UnreadAnswerLineSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('redirected'), target: z.string() }),
  z.object({ kind: z.literal('too-large'), limitBytes: z.number().int().nonnegative() }),
]);

export const ExceptionLineSchema = QueuedLineSchema.extend({
  /**
   * `refused`: the service said no; `unconfirmed`: whether it applied could not be told;
   * `not-sent`: the kiosk could not put it in a request, so the service never saw it.
   */
  reason: z.enum(['refused', 'unconfirmed', 'not-sent']),
  status: z.number().optional(),
  code: z.string().optional(),
  /** The service's own words (a journal written before issue 23: also the kiosk's own). */
  message: z.string().optional(),
  /** A redirect not followed or an answer too large to read (no service words with it). */
  unread: UnreadAnswerLineSchema.optional(),
});
export type ExceptionLine = z.infer<typeof ExceptionLineSchema>;

export const JournalProblemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('key-missing') }),
  z.object({ kind: z.literal('key-unreadable') }),
  z.object({ kind: z.literal('key-unavailable') }),
  z.object({
    kind: z.literal('damaged'),
    regions: z.number(),
    bytes: z.number(),
    /** Transactions recorded after the damage, held until staff act. */
    waiting: z.number(),
  }),
  z.object({ kind: z.literal('write-failed'), code: z.string() }),
]);

/**
 * The offline card check's file could not be read at a start (damaged, cut short, or not what the
 * kiosk wrote) and was set aside: its block list and remembered cards are gone. Until staff import
 * a block list or confirm lending without one (`confirmedAt`), nobody borrows offline.
 */
export const KnowledgeLossSchema = z.object({
  /** When the kiosk found the file unreadable (epoch ms). */
  at: z.number(),
  /** Where the unreadable file was moved; absent when it could not be moved (logged). */
  setAside: z.string().optional(),
  /** When staff confirmed lending offline without a block list (epoch ms). */
  confirmedAt: z.number().optional(),
});
export type KnowledgeLoss = z.infer<typeof KnowledgeLossSchema>;

export const OfflineStatusSchema = z.object({
  connectivity: z.enum(['online', 'offline', 'syncing']),
  sync: z.enum(['idle', 'syncing', 'waiting-service', 'waiting-sign-in', 'stopped']),
  queued: z.number().int().nonnegative(),
  exceptions: z.number().int().nonnegative(),
  problem: JournalProblemSchema.optional(),
  /** At this start, a partly written last record (never acknowledged) was set aside in a file. */
  tornSetAside: z.object({ file: z.string(), bytes: z.number().int().positive() }).optional(),
  /** When the queue was last emptied (epoch ms). */
  lastDrainedAt: z.number().optional(),
  /** The first queued transactions and exceptions; the export has all of them. */
  queue: z.array(QueuedLineSchema),
  exceptionList: z.array(ExceptionLineSchema),
  /** What the offline card check knows (counts only). */
  knowledge: z.object({
    remembered: z.number(),
    blocked: z.number(),
    imported: z.number(),
    memberTypes: z.number(),
  }),
  knowledgeLost: KnowledgeLossSchema.optional(),
});
export type OfflineStatus = z.infer<typeof OfflineStatusSchema>;

export const BlockListImportSchema = z.object({
  imported: z.number().int().nonnegative(),
  /** Line numbers that held no card barcode. */
  rejected: z.array(z.number().int().positive()),
});

/** A CSV for the renderer to save: the web host downloads it, Electron asks where. */
export const CsvExportSchema = z.object({ fileName: z.string(), csv: z.string() });

/** Staff-only channels of store and forward (the core refuses them outside staff mode). */
export const offlineInvokeContract = {
  /** Sends an exception back to the queue. */
  'staff.offline.retry': {
    request: z.object({ id: z.string().max(64) }),
    response: z.object({ done: z.boolean() }),
  },
  /** Marks an exception dealt with by hand. */
  'staff.offline.dismiss': {
    request: z.object({ id: z.string().max(64) }),
    response: z.object({ done: z.boolean() }),
  },
  'staff.offline.export': {
    request: z.object({ what: z.enum(['journal', 'exceptions']) }),
    response: CsvExportSchema.optional(),
  },
  /** A CSV of blocked cards (first column), replacing the last one imported. */
  'staff.offline.importBlockList': {
    request: z.object({ csv: z.string().max(8 * 1024 * 1024) }),
    response: BlockListImportSchema.optional(),
  },
  /** After the offline card check's file was set aside: lend offline without a block list. */
  'staff.offline.lendWithoutBlockList': {
    request: z.undefined(),
    response: z.object({ done: z.boolean() }),
  },
  /** Goes on past damaged journal records; the file as it was is kept beside it. */
  'staff.offline.setDamageAside': {
    request: z.undefined(),
    response: z.object({ file: z.string().optional() }),
  },
} as const;
