import { z } from 'zod';

/**
 * What `library-kiosk probe --sip2` and the diagnostics screen show about an ACS: each step, how
 * each field of each answer was read, and the settings that would fix what went wrong. Field ids
 * and names only, never a patron's value; the ACS's own status (online, institution) is not a
 * patron's datum and is shown.
 */
export const SIP2_PROBE_STEPS = [
  'connect',
  'login',
  'acs-status',
  'patron-information',
  'patron-status',
  'item-information',
  'idle',
] as const;
export type Sip2ProbeStep = (typeof SIP2_PROBE_STEPS)[number];

export const SIP2_PROBE_HINTS = [
  'unreachable',
  'tls-not-spoken',
  'tls-needed',
  'tls-certificate',
  'tls-server-name',
  'no-answer',
  'login-refused',
  'terminator',
  'checksums-off',
  'checksums-on',
  'bad-checksum',
  'encoding',
  'institution-id',
  'offline',
  'test-card-unknown',
  'empty-pin-refused',
  'no-test-card',
  'no-test-item',
  'test-item-unknown',
  'takes-nothing',
  'idle-drop',
] as const;
export type Sip2ProbeHint = (typeof SIP2_PROBE_HINTS)[number];

const FlagSchema = z.enum(['yes', 'no', 'unknown']);

/** An item's circulation status as 18 gives it (src-shared/sip2/positional-fields.ts), or unknown. */
export const SIP2_CIRCULATION_STATUSES = [
  'other',
  'on-order',
  'available',
  'charged',
  'charged-not-to-be-recalled',
  'in-process',
  'recalled',
  'waiting-on-hold-shelf',
  'waiting-to-be-reshelved',
  'in-transit',
  'claimed-returned',
  'lost',
  'missing',
  'unknown',
] as const;

/**
 * What patrons get of one thing the kiosk offers, by the ACS's word: offered or not, and what
 * said no: its status flag (98's check-out, check-in, renewal policy), or BX (not answered).
 */
const OfferSchema = z.object({
  offered: FlagSchema,
  limitedBy: z.array(z.enum(['status', 'bx'])),
});
export type Sip2ProbeOffer = z.infer<typeof OfferSchema>;

/**
 * What one step found, as data the screen words in its language (the CLI's English `detail` is
 * made from it too): the connection, an answer that did not come or could not be read, what an
 * answer said, or why a step was not tried. `issue` and `code` are technical names, shown as such.
 */
export const Sip2ProbeNoteSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('connected'),
    host: z.string(),
    port: z.number().int(),
    tls: z.boolean(),
  }),
  z.object({
    kind: z.literal('not-connected'),
    host: z.string(),
    port: z.number().int(),
    code: z.string(),
  }),
  z.object({ kind: z.literal('not-built'), issue: z.string() }),
  z.object({ kind: z.literal('no-answer') }),
  z.object({ kind: z.literal('closed') }),
  z.object({ kind: z.literal('connection-failed'), code: z.string() }),
  z.object({ kind: z.literal('unreadable'), issue: z.string() }),
  z.object({ kind: z.literal('asked-again') }),
  z.object({ kind: z.literal('other-answer'), code: z.string(), expected: z.string() }),
  z.object({ kind: z.literal('login-refused') }),
  z.object({ kind: z.literal('logged-in'), user: z.string() }),
  z.object({ kind: z.literal('no-login-user') }),
  z.object({
    kind: z.literal('status'),
    online: FlagSchema,
    checkOut: FlagSchema,
    checkIn: FlagSchema,
  }),
  z.object({ kind: z.literal('no-test-card') }),
  z.object({ kind: z.literal('no-test-item') }),
  z.object({ kind: z.literal('not-answered'), code: z.string() }),
  z.object({ kind: z.literal('patron-answered'), code: z.string(), valid: FlagSchema }),
  z.object({ kind: z.literal('item-answered'), circulation: z.enum(SIP2_CIRCULATION_STATUSES) }),
  z.object({ kind: z.literal('idle-not-watched') }),
  z.object({
    kind: z.literal('idle-kept'),
    watchedSeconds: z.number().int().nonnegative(),
    heartbeatSeconds: z.number().int().nonnegative(),
  }),
  z.object({
    kind: z.literal('idle-closed'),
    afterSeconds: z.number().nonnegative(),
    heartbeatSeconds: z.number().int().nonnegative(),
  }),
]);
export type Sip2ProbeNote = z.infer<typeof Sip2ProbeNoteSchema>;

export const Sip2ProbeReportSchema = z.object({
  steps: z.array(
    z.object({
      step: z.enum(SIP2_PROBE_STEPS),
      outcome: z.enum(['ok', 'failed', 'skipped']),
      /** English, for the CLI and logs; the screen words `note` in its language. */
      detail: z.string(),
      note: Sip2ProbeNoteSchema,
    }),
  ),
  /** The ACS status (98), when one was read. */
  acs: z
    .object({
      online: FlagSchema,
      checkInOk: FlagSchema,
      checkOutOk: FlagSchema,
      renewalOk: FlagSchema,
      institutionId: z.string().optional(),
      libraryName: z.string().optional(),
      protocolVersion: z.string().optional(),
      /** BX, per request code (`63`): yes, no or not said. */
      supported: z.record(z.string(), z.enum(['yes', 'no', 'not-said'])),
    })
    .optional(),
  /**
   * What patrons will be offered given what the ACS says of itself (absent without a status):
   * cards looked up (63 or 23), borrowing, returns and renewals.
   */
  patrons: z
    .object({
      cards: OfferSchema,
      checkOut: OfferSchema,
      checkIn: OfferSchema,
      renewal: OfferSchema,
    })
    .optional(),
  /**
   * A line left quiet as long as the kiosk's heartbeat (`sip2.heartbeatSeconds`) leaves it (two
   * minutes at most): kept open, or closed by the ACS after this many seconds. Absent when not
   * watched.
   */
  idle: z
    .object({
      heartbeatSeconds: z.number().int().nonnegative(),
      watchedSeconds: z.number().int().nonnegative(),
      closedAfterSeconds: z.number().nonnegative().optional(),
    })
    .optional(),
  /** How the ACS frames its answers, as seen on the first one. */
  framing: z
    .object({
      terminator: z.enum(['CR', 'CRLF', 'LF', 'none']),
      checksum: z.enum(['verified', 'absent', 'bad']),
    })
    .optional(),
  /** Per answer and field: read, sent but not read, or required and missing. */
  fields: z.array(
    z.object({
      message: z.string(),
      id: z.string(),
      name: z.string(),
      status: z.enum(['understood', 'not-understood', 'missing', 'unknown-field', 'repeated']),
      /** How it was read (`date`, `text`, `yes`), never its value. */
      how: z.string().optional(),
    }),
  ),
  /** Settings to check or change, each with the value the ACS suggests when it says one. */
  hints: z.array(
    z.object({
      hint: z.enum(SIP2_PROBE_HINTS),
      settings: z.array(z.string()),
      value: z.string().optional(),
    }),
  ),
});
export type Sip2ProbeReport = z.infer<typeof Sip2ProbeReportSchema>;
