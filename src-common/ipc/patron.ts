/**
 * What the patron screens draw: a trimmed view for display, never the service's records. A first
 * name, titles and due dates; no barcode of the patron, no email, no address. It exists only while
 * a session lasts and is cleared when it ends.
 */

import { z } from 'zod';

/** A date as the service gave it (see src-main/library-client/reader/values.ts), or unknown / none. */
export const DateViewSchema = z.union([
  z.object({ kind: z.literal('instant'), iso: z.string() }),
  z.object({ kind: z.literal('day'), date: z.string() }),
  z.object({ kind: z.literal('local'), local: z.string() }),
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.literal('unknown'),
  z.null(),
]);
export type DateView = z.infer<typeof DateViewSchema>;

export const AmountViewSchema = z.union([z.number(), z.literal('unknown')]);

/**
 * Refusal codes the kiosk has its own words for. A refusal with any other code (or none) is shown
 * as `other` with the service's own text under a plain heading.
 */
export const RefusalCodeSchema = z.enum([
  'member_not_found',
  'member_blocked',
  'member_expired',
  'fine_threshold_exceeded',
  'loan_limit_reached',
  'item_not_found',
  'item_on_loan_to_other',
  'item_not_on_loan',
  /** The library system wants the card's PIN for this (FOLIO checks it on every request). */
  'pin_required',
  'other',
]);
export type RefusalCode = z.infer<typeof RefusalCodeSchema>;

/** Everything the kiosk says to a patron, as a kind the renderer translates. */
export const PatronMessageKindSchema = z.enum([
  /** The service refused: `code` says why; `serviceText` carries its words for `other`. */
  'refused',
  /** The service or the network failed: "temporarily unavailable, please see staff". */
  'unavailable',
  /** No answer in time; the transaction may have happened: "please see staff". */
  'outcome-unknown',
  /** A card was scanned where an item was expected. */
  'card-as-item',
  /** An item was scanned where a card was expected. */
  'item-as-card',
  /** A barcode that is neither a card nor an item by the configured patterns. */
  'unrecognised-barcode',
  /** The kiosk's own limit: the fine is above the configured threshold. */
  'fine-above-threshold',
  /** The email typed is not an email address. */
  'invalid-email',
  /** No member has the email typed: check it, or scan a card. */
  'email-not-found',
  /** Offline, and settings do not allow borrowing while the service is unreachable. */
  'offline-check-out-unavailable',
  /** Offline, and settings do not allow returns while the service is unreachable. */
  'offline-check-in-unavailable',
  /** Offline: the most items one patron may borrow in one offline session are on this card. */
  'offline-limit',
  /** Offline: the kiosk cannot record more (queue full, or its journal cannot be written). */
  'offline-queue-full',
  /** Offline: the card does not match the card pattern or its check digit. */
  'offline-card-not-accepted',
  /** Offline: the code scanned as an item does not match the item pattern or its check digit. */
  'offline-item-not-accepted',
  /** Offline: a lookup by email needs the service; a card works. */
  'offline-card-only',
  /** The card's PIN was wrong three times in a row: the session ended, see staff. */
  'pin-tries-used',
  /** The library system does not take loans at the kiosk now (SIP2's ACS status says so). */
  'check-out-not-offered',
  /** A renewal from the list needs the library system, which cannot be reached: none recorded. */
  'offline-renew-unavailable',
  /** A scan came in too short, too long or garbled: nothing was done with it, scan again. */
  'unreadable-scan',
  /** "More time" was pressed: how long this screen now waits (`seconds`). */
  'more-time',
]);
export type PatronMessageKind = z.infer<typeof PatronMessageKindSchema>;

export const PatronMessageSchema = z.object({
  kind: PatronMessageKindSchema,
  code: RefusalCodeSchema.optional(),
  /** The service's own words, shown only where the kiosk has no message of its own. */
  serviceText: z.string().max(300).optional(),
  /** A length of time the words name (`more-time`: how long this screen now waits). */
  seconds: z.number().int().positive().optional(),
});
export type PatronMessage = z.infer<typeof PatronMessageSchema>;

/** An item already on loan to the patron when the session started. */
export const LoanLineSchema = z.object({
  title: z.string(),
  /** Present when `title` is the item barcode's last four characters: no title was given. */
  titleIs: z.literal('barcode-end').optional(),
  dueDate: DateViewSchema,
  overdue: z.union([z.boolean(), z.literal('unknown')]),
  /** Borrowed in this session: on the card now, with nothing to renew yet. */
  borrowedNow: z.literal(true).optional(),
  /**
   * Whether the patron may renew it from the list: `offered` (a Renew button), `pending` (a
   * renewal sent, its answer awaited), `renewed` (renewed in this session: not again); absent,
   * not from here (the item's barcode is not known, it was borrowed just now, the patron is
   * blocked, or the library system is away).
   */
  renew: z.enum(['offered', 'pending', 'renewed']).optional(),
});
export type LoanLine = z.infer<typeof LoanLineSchema>;

/**
 * What the library's system said in its own words (SIP2's screen messages, AF), verbatim, for the
 * patron to read beside the kiosk's words: a few short lines at most.
 */
export const SystemWordsSchema = z.array(z.string().max(300)).max(4);

/**
 * Where a returned item goes next (SIP2's alert type, sort bin and destination), so the patron
 * can be asked to put it on a trolley or give it to staff. Never the patron it is held for.
 */
export const RoutingSchema = z.object({
  alert: z.enum(['hold', 'transit', 'hold-transit', 'other']),
  sortBin: z.string().max(80).optional(),
  destination: z.string().max(120).optional(),
});
export type Routing = z.infer<typeof RoutingSchema>;

/** One scan of this session, check-out or check-in, as it goes from pending to its outcome. */
export const TransactionLineSchema = z.object({
  /** Stable within the session, for keyed lists and focus. */
  id: z.number().int().nonnegative(),
  /** The item's title, or its barcode's last four characters while the title is not known. */
  label: z.string(),
  /** Which of the two `label` is, so the renderer can say "item ending 0050". */
  labelIs: z.enum(['title', 'barcode-end']),
  /**
   * `queued`: recorded in the kiosk's journal while the service could not be reached, or sent
   * with its answer lost; the library system confirms it later.
   */
  status: z.enum(['pending', 'done', 'refused', 'queued']),
  /** For a queued line: `offline` (recorded offline) or `confirming` (sent, answer lost). */
  queued: z.enum(['offline', 'confirming']).optional(),
  /** Check-out: the due date given; check-in: absent. */
  dueDate: DateViewSchema.optional(),
  renewed: z.boolean().optional(),
  /**
   * A check-out of an item already on the patron's card, by what became of its due date:
   * `extended` (a later date), `same-date` (renewed, and the date came out the same),
   * `not-renewed` (the service said it did not renew), `kept` (the same date, no word why).
   */
  renewal: z.enum(['extended', 'same-date', 'not-renewed', 'kept']).optional(),
  /** Check-in of an overdue item: the fine and the missed due date. */
  fine: AmountViewSchema.optional(),
  currency: z.string().optional(),
  overdueDate: DateViewSchema.optional(),
  overdue: z.union([z.boolean(), z.literal('unknown')]).optional(),
  message: PatronMessageSchema.optional(),
  /** Check-in: where the item goes next, when the library system says. */
  routing: RoutingSchema.optional(),
  /** The library system's own words about this item, when it gave any. */
  systemWords: SystemWordsSchema.optional(),
  /** The library system's lines for the receipt (SIP2's print lines, AG), verbatim. */
  printLines: SystemWordsSchema.optional(),
  /**
   * Check-in: the item was scanned again after it was returned in this session, this many
   * times; nothing was sent again ("Already returned just now").
   */
  again: z.number().int().positive().optional(),
});
export type TransactionLine = z.infer<typeof TransactionLineSchema>;

export const PatronViewSchema = z.object({
  /** The first name, or initials, or empty when the service gave no name. */
  firstName: z.string(),
  loans: z.union([z.array(LoanLineSchema), z.literal('unknown')]),
  fine: AmountViewSchema,
  currency: z.string().optional(),
  /** Present when the patron may not borrow: why, in words the renderer chooses. */
  blocked: PatronMessageSchema.optional(),
  /**
   * Identified by the kiosk's offline rules, not by the service: no name, loans or fine are
   * known, and up to `maxItems` may be borrowed, to be confirmed later.
   */
  offline: z.object({ maxItems: z.number().int().positive() }).optional(),
  /** The library system's own words for this patron (a note on the card), when it gave any. */
  systemWords: SystemWordsSchema.optional(),
});
export type PatronView = z.infer<typeof PatronViewSchema>;

/**
 * Where the station's scanner is, as the welcome screen tells a patron (settings
 * `kiosk.scannerPlace`); `unstated`: no place named, only how to hold the card.
 */
export const ScannerPlaceSchema = z.enum([
  'unstated',
  'below-screen',
  'right-of-screen',
  'left-of-screen',
  'counter-in-front',
]);
export type ScannerPlace = z.infer<typeof ScannerPlaceSchema>;

/**
 * How the last session ended, for a patron who cannot see the screen: audio mode says it in
 * the patron's language before going quiet. `id` changes with each ending. `how`: the patron's
 * Cancel (`cancelled`), Finish on the blocked screen (`closed`), no answer on a screen
 * (`timed-out`) or to the receipt question (`no-receipt`); `done`: what the session left
 * recorded (borrowed or returned items stay so).
 */
export const SessionEndingSchema = z.object({
  id: z.number().int().nonnegative(),
  how: z.enum(['cancelled', 'closed', 'timed-out', 'no-receipt']),
  done: z.enum(['nothing', 'borrowed', 'returned']),
});
export type SessionEnding = z.infer<typeof SessionEndingSchema>;

/** The receipt: the kiosk's branch, the date, the items, no more of the patron than a first name. */
export const ReceiptSchema = z.object({
  kind: z.enum(['check-out', 'check-in']),
  branchName: z.string(),
  /** ISO instant of the session's end. */
  at: z.string(),
  firstName: z.string(),
  lines: z.array(TransactionLineSchema),
});
export type Receipt = z.infer<typeof ReceiptSchema>;

export const PatronScreenSchemas = [
  /**
   * `signedOut`: no staff member has signed the kiosk in. `offline`: the service cannot be
   * reached; what the kiosk still takes, recorded to be confirmed later.
   */
  z.object({
    name: z.literal('attract'),
    signedOut: z.boolean(),
    allowEmail: z.boolean(),
    /** Where the scanner is, when the station says: the welcome screen's hint names it. */
    scannerPlace: ScannerPlaceSchema.exclude(['unstated']).optional(),
    offline: z.object({ checkOut: z.boolean(), checkIn: z.boolean() }).optional(),
    /**
     * Online, what the library system takes at the kiosk now (SIP2's ACS status), present only
     * when it does not take both: the screen invites the patron to what is taken.
     */
    offers: z.object({ checkOut: z.boolean(), checkIn: z.boolean() }).optional(),
  }),
  /**
   * The library asks for the card's PIN: digits typed here go to the core once, never back.
   * `triesLeft`: after a wrong PIN, how many tries remain (1 or 2).
   */
  z.object({
    name: z.literal('pin-entry'),
    triesLeft: z.number().int().positive().optional(),
  }),
  /** A card was scanned (or an email sent) and the member is being looked up. */
  z.object({ name: z.literal('identifying') }),
  /** The patron types an email on the on-screen keyboard. */
  z.object({
    name: z.literal('email-entry'),
    message: PatronMessageSchema.optional(),
    /** The address the patron typed, given back to its field after a lookup found no one. */
    entered: z.string().max(254).optional(),
  }),
  /** Summary and check-out loop in one: loans, fine, and this session's check-outs. */
  z.object({
    name: z.literal('patron'),
    patron: PatronViewSchema,
    session: z.array(TransactionLineSchema),
    /** The library system cannot be reached: loans are not renewed from the list, and it says so. */
    renewOffline: z.literal(true).optional(),
  }),
  /** `offline`: returns are recorded now and their fines calculated later. */
  z.object({
    name: z.literal('check-in'),
    session: z.array(TransactionLineSchema),
    offline: z.boolean().optional(),
  }),
  /**
   * `ask`: the patron chooses; `printing`: the receipt is being printed; `emailing`: it is on its
   * way to the relay.
   */
  z.object({
    name: z.literal('receipt'),
    step: z.enum(['ask', 'printing', 'emailing']),
    receipt: ReceiptSchema,
    /** Web host: the renderer opens the browser's print dialog; Electron prints silently. */
    printBy: z.enum(['renderer', 'host']),
    /**
     * "E-mail" is offered: to the address on the member record, shown masked (`a•••@e•••.org`);
     * the whole address never leaves the core.
     */
    emailTo: z.string().max(40).optional(),
    /** The e-mail could not be sent: the question is asked again, without e-mail. */
    emailFailed: z.literal(true).optional(),
  }),
  /**
   * `kind`: what the session did, so a return session is not told to take its items; `emailed`:
   * the receipt went to the patron's address.
   */
  z.object({
    name: z.literal('thanks'),
    firstName: z.string(),
    kind: z.enum(['check-out', 'check-in']),
    emailed: z.literal(true).optional(),
  }),
] as const;

/** A message about the last scan that is not a transaction (card as item, unknown card...). */
export const NoticeSchema = z.object({
  /** Changes with every notice, so the same notice twice is announced twice. */
  id: z.number().int().nonnegative(),
  tone: z.enum(['info', 'warning', 'error']),
  message: PatronMessageSchema,
});
export type Notice = z.infer<typeof NoticeSchema>;

/** Sounds the renderer plays for feedback; the core says which, the renderer owns the audio. */
export const FeedbackSoundSchema = z.enum(['success', 'warning', 'error']);
export type FeedbackSound = z.infer<typeof FeedbackSoundSchema>;
