import { z } from 'zod';
import { ItemBarcodeSchema, MemberBarcodeSchema } from '../../../src-common/barcodes';

/**
 * What the offline journal holds, one record per line of its history. A transaction is appended
 * once (`txn`); everything that happens to it later is appended after it, so the file is only ever
 * added to and a crash can lose at most the record being written.
 */

const Id = z.string().min(1).max(64);
const At = z.number().int().nonnegative();

export const TransactionKindSchema = z.enum(['check-out', 'check-in']);
export type TransactionKind = z.infer<typeof TransactionKindSchema>;

/**
 * The member's loan of the item just before a check-out was sent: what tells a renewal that went
 * through (the due date moved) from one that did not, when its answer is lost. `due` is the due
 * date as the service wrote it.
 */
export const PriorLoanSchema = z.object({ held: z.boolean(), due: z.string().max(200).optional() });
export type PriorLoan = z.infer<typeof PriorLoanSchema>;

export const TxnRecordSchema = z.object({
  t: z.literal('txn'),
  id: Id,
  /** The kiosk's clock when the patron scanned the item (epoch ms). */
  at: At,
  kind: TransactionKindSchema,
  item: ItemBarcodeSchema,
  /** The member's card: always for a check-out; for a check-in, when the kiosk knew who had it. */
  member: MemberBarcodeSchema.optional(),
  /** Check-out: the due date the patron was told (ISO instant). */
  dueDate: z.string().optional(),
  /**
   * Sent online once already and the answer never came: it may have been applied, so the sync
   * reconciles before sending it again.
   */
  unknownOutcome: z.literal(true).optional(),
  /** For a check-out sent once already: the member's loan of the item before it was sent. */
  prior: PriorLoanSchema.optional(),
});

/** The sync is about to send it: until an outcome follows, its effect on the service is unknown. */
export const AttemptRecordSchema = z.object({
  t: z.literal('attempt'),
  id: Id,
  at: At,
  prior: PriorLoanSchema.optional(),
});
/**
 * Not applied: the attempt never reached the service (a refused connection), or, `reconciled`, a
 * look-up showed an earlier unknown outcome was not applied.
 */
export const ReleasedRecordSchema = z.object({
  t: z.literal('released'),
  id: Id,
  at: At,
  reconciled: z.literal(true).optional(),
});

export const AppliedRecordSchema = z.object({
  t: z.literal('applied'),
  id: Id,
  at: At,
  /** Found applied by looking the member up after an unknown outcome, not by the answer. */
  reconciled: z.boolean(),
  /** The due date the service gave (check-out), as it gave it. */
  dueDate: z.string().optional(),
  /** The fine the service charged (check-in), when it said. */
  fine: z.number().optional(),
});

export const ExceptionReasonSchema = z.enum([
  /** The service said no (a 4xx): item on loan to someone else, unknown member... */
  'refused',
  /** Whether the service applied it could not be told: staff must look. */
  'unconfirmed',
  /** Never sent: the kiosk could not put it in a request (the client's `invalid-argument`). */
  'not-sent',
]);
export type ExceptionReason = z.infer<typeof ExceptionReasonSchema>;

/**
 * An answer the kiosk did not follow or read, as facts (no words): each screen or export puts it
 * in its own language.
 */
export const UnreadAnswerSchema = z.discriminatedUnion('kind', [
  /** A redirect, never followed: where it pointed. */
  z.object({ kind: z.literal('redirected'), target: z.string().max(1000) }),
  /** An answer longer than service.maxAnswerBytes, not read: that cap. */
  z.object({ kind: z.literal('too-large'), limitBytes: z.number().int().nonnegative() }),
]);
export type UnreadAnswer = z.infer<typeof UnreadAnswerSchema>;

export const ExceptionRecordSchema = z.object({
  t: z.literal('exception'),
  id: Id,
  at: At,
  reason: ExceptionReasonSchema,
  status: z.number().int().optional(),
  /** The service's error code, when its answer had one. */
  code: z.string().max(200).optional(),
  /** The service's own words (a journal written before issue 23: also the kiosk's own). */
  message: z.string().max(1000).optional(),
  /** An answer the kiosk did not follow or read (a redirect, one too large). */
  unread: UnreadAnswerSchema.optional(),
});

/** Staff sent an exception back to the queue. */
export const RetryRecordSchema = z.object({ t: z.literal('retry'), id: Id, at: At });
/** Staff dealt with an exception by hand. */
export const DismissedRecordSchema = z.object({ t: z.literal('dismissed'), id: Id, at: At });

export const JournalRecordSchema = z.discriminatedUnion('t', [
  TxnRecordSchema,
  AttemptRecordSchema,
  ReleasedRecordSchema,
  AppliedRecordSchema,
  ExceptionRecordSchema,
  RetryRecordSchema,
  DismissedRecordSchema,
]);

export type JournalRecord = z.infer<typeof JournalRecordSchema>;
export type TxnRecord = z.infer<typeof TxnRecordSchema>;
export type AppliedRecord = z.infer<typeof AppliedRecordSchema>;
export type ExceptionRecord = z.infer<typeof ExceptionRecordSchema>;
