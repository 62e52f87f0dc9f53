import { z } from 'zod';
import { ScannerSettingsSchema } from '../scanner/settings-schema';
import { CIRCULATION_METHODS, CLIENT_KINDS } from '../library/connection';
import { FieldMapSchema } from '../library-client/reader/field-map-schema';
import { maySendSecrets } from '../../src-shared/loopback';
import { isFleetPublicKey } from './fleet-file';
import { SIP2_ENCODINGS } from '../../src-shared/sip2/encoding';
import { MetricsSettingsSchema } from '../metrics/settings-schema';
import { ReceiptEmailSettingsSchema } from '../receipt-mail/settings-schema';
import {
  DEFAULT_KEY_MAP,
  KeyMapSchema,
  VolumeSchema,
  type KeyMap,
} from '../../src-common/ipc/access';
import { SPEECH_RATE } from '../../src-common/speech-rate';
import { ScannerPlaceSchema } from '../../src-common/ipc/patron';

/** `sha256$<hex>`: the value stored in staff.cardHash (made by staff-pin/staff-card.ts). */
export const STAFF_CARD_HASH = /^sha256\$[0-9a-f]{64}$/;
export const REGISTERED_CLIENT_ID = 'library-kiosk';
export const DEVELOPMENT_CLIENT_ID = 'library-kiosk-dev';
export const DEFAULT_REDIRECT_URI = 'org.example.librarykiosk:/oauth/callback';

const PRIVATE_USE_REDIRECT = /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:\/[^/]/i;
const LOOPBACK_REDIRECT = /^http:\/\/(127\.0\.0\.1|\[::1\])(:\d{1,5})?\/\S*$/;

/**
 * RFC 8252: a private-use scheme must be a reversed domain (section 7.1), otherwise only a loopback
 * address over http is acceptable for a native app (section 7.3).
 */
export const RedirectUriSchema = z
  .string()
  .refine((value) => PRIVATE_USE_REDIRECT.test(value) || LOOPBACK_REDIRECT.test(value), {
    message:
      'must be a reversed-domain private-use URI such as org.example.librarykiosk:/oauth/callback, or http://127.0.0.1:{port}/path',
  });

/**
 * The service's URLs carry bearer tokens and the staff password: https, or plain http only to a
 * service on this machine (the embedded reference service, a local test service).
 */
export const HTTP_URL = z
  .url({ protocol: /^https?$/, message: 'must be an http or https URL' })
  .refine((value) => {
    // Not a URL at all is the check above's to report.
    if (!URL.canParse(value)) return true;
    return maySendSecrets(new URL(value));
  }, 'must be https (plain http only for 127.0.0.1, [::1] or localhost): tokens and passwords would cross the network in clear');

export const ClientKindSchema = z.enum(CLIENT_KINDS, {
  message: "must be 'registered' or 'development'",
});

export const ServiceConnectionSchema = z
  .object({
    /** Absent: the kiosk starts the embedded reference service and uses it. */
    baseUrl: HTTP_URL.optional(),
    /** Absent: the authorization server is the base URL. */
    authUrl: HTTP_URL.optional(),
    clientId: z.string().min(1, { message: 'must not be empty' }).optional(),
    clientKind: ClientKindSchema.default('registered'),
    redirectUri: RedirectUriSchema.default(DEFAULT_REDIRECT_URI),
    /** The deployment's field names where the kiosk's alias table does not know them. */
    fieldMap: FieldMapSchema.default({}),
    /** `auto`: POST as the interface states, PUT after a 405 (its samples use PUT). */
    circulationMethod: z
      .enum(CIRCULATION_METHODS, { message: "must be 'auto', 'POST' or 'PUT'" })
      .default('auto'),
    /**
     * The longest answer the kiosk reads from the service or its sign-in server; a longer one is
     * cancelled at this many bytes and is an error naming the cap (docs/configuration.md).
     */
    maxAnswerBytes: z
      .number()
      .int()
      .min(64 * 1024)
      .max(64 * 1024 ** 2)
      .default(4 * 1024 ** 2),
  })
  .transform((connection) => ({
    ...connection,
    clientId:
      connection.clientId ??
      (connection.clientKind === 'development' ? DEVELOPMENT_CLIENT_ID : REGISTERED_CLIENT_ID),
  }));

export const KioskIdentitySchema = z.object({
  /** Patrons and staff read this; empty: the name of `branchId` in the service's branch list. */
  branchName: z.string().max(120).default(''),
  /** The kiosk's branch in the service's branch list; absent: the signed-in staff member's. */
  branchId: z.string().min(1).max(100).optional(),
  defaultLanguage: z.enum(['en', 'es'], { message: "must be 'en' or 'es'" }).default('en'),
  theme: z
    .enum(['standard', 'high-contrast'], { message: "must be 'standard' or 'high-contrast'" })
    .default('standard'),
  /** Where the scanner is on this station: the welcome screen tells patrons (shown and spoken). */
  scannerPlace: ScannerPlaceSchema.default('unstated'),
});

/** An espeak-ng voice name (`en-us`, `es`, `en-gb-x-rp`, `mb-en1`): never a path or option. */
const ESPEAK_VOICE = /^[a-z][a-z0-9+-]{0,39}$/i;

const Duration = (min: number, max: number, fallback: number) =>
  z.number().int().min(min).max(max).default(fallback);

/** The patron session: timings (Koha's default timeout, Evergreen's 20 s warning) and policy. */
export const PatronSettingsSchema = z
  .object({
    inactivityTimeoutMs: Duration(2_000, 30 * 60_000, 120_000),
    /** "Still there?" shows this long before the timeout ends the session. */
    warningMs: Duration(1_000, 120_000, 20_000),
    thankYouMs: Duration(1_000, 60_000, 5_000),
    /** How long a notice about a scan (card as item, unknown card...) stays up. */
    noticeMs: Duration(1_000, 60_000, 8_000),
    /** Lets a patron identify by typing an email instead of scanning a card. */
    allowEmail: z.boolean().default(false),
    /** The kiosk's own limit: a fine above it blocks check-out; absent, only the service decides. */
    fineThreshold: z.number().nonnegative().optional(),
    /**
     * Where the patron flow's lookups, check-outs and check-ins go: the library service's
     * interface, or a SIP2 server (the `sip2` group). Staff sign-in and the console stay on the service.
     */
    backEnd: z
      .enum(['service', 'sip2'], { message: "must be 'service' or 'sip2'" })
      .default('service'),
  })
  .refine((patron) => patron.warningMs < patron.inactivityTimeoutMs, {
    message: 'warningMs must be shorter than inactivityTimeoutMs',
    path: ['warningMs'],
  });

export const ReceiptSettingsSchema = z.object({
  mode: z
    .enum(['ask', 'print', 'none'], { message: "must be 'ask', 'print' or 'none'" })
    .default('ask'),
  /**
   * How long "Would you like a receipt?" waits for an answer; "still there?" shows
   * `patron.warningMs` before its end (the settings keep the warning shorter than the question).
   */
  askTimeoutMs: Duration(5_000, 5 * 60_000, 30_000),
  /**
   * What an unanswered receipt question does: `none` (default: a slip nobody takes would show
   * the next patron the titles) or `print`.
   */
  unanswered: z.enum(['none', 'print'], { message: "must be 'none' or 'print'" }).default('none'),
  /** Electron: the printer's device name; absent, the system's default printer. */
  printer: z.string().min(1).max(200).optional(),
  /** E-mail receipts through the library's SMTP relay; off by default. */
  email: ReceiptEmailSettingsSchema.prefault({}),
});

/**
 * Store and forward while the service cannot be reached (docs/offline.md). Limits follow the
 * self-check systems librarians know: Evergreen and 3M cap items per patron and the queue.
 */
export const OfflineSettingsSchema = z
  .object({
    /** Patrons may borrow while the service is unreachable; their loans are confirmed later. */
    checkOut: z.boolean().default(true),
    /** Returns are taken while the service is unreachable; any fine is calculated later. */
    checkIn: z.boolean().default(true),
    /** Items one patron may borrow in one offline session. */
    maxItemsPerPatron: z.number().int().min(1).max(100).default(5),
    /** Transactions the kiosk holds before it stops taking more offline. */
    maxQueued: z.number().int().min(1).max(100_000).default(5_000),
    /** The offline due date when the patron's member type and its loan period are not known. */
    defaultLoanDays: z.number().int().min(1).max(365).default(14),
    /** How long an online lookup's member type and block state count for offline decisions. */
    rememberMembersDays: z.number().int().min(1).max(365).default(30),
    /** Reachability probes back off from the first delay to the cap, with random jitter. */
    probeFirstDelayMs: Duration(200, 60_000, 1_000),
    probeMaxDelayMs: Duration(1_000, 30 * 60_000, 60_000),
  })
  .refine((offline) => offline.probeFirstDelayMs <= offline.probeMaxDelayMs, {
    message: 'probeFirstDelayMs must not be above probeMaxDelayMs',
    path: ['probeFirstDelayMs'],
  });

export const FeedbackSettingsSchema = z.object({
  /** Success, warning and error sounds, 0 (silent) to 1. */
  volume: VolumeSchema.default(0.7),
});

/**
 * Access for patrons who cannot see the screen or reach it (docs/accessibility.md): the station's
 * defaults, which a patron may change for their own session, and how audio mode behaves.
 */
export const AccessibilitySettingsSchema = z.object({
  /** Every session starts in audio mode (a station set aside for it). */
  audio: z.boolean().default(false),
  largeText: z.boolean().default(false),
  lowReach: z.boolean().default(false),
  /** Speech rate in words per minute (espeak-ng's own default is 175). */
  speechRate: z.number().int().min(SPEECH_RATE.min).max(SPEECH_RATE.max).default(175),
  /** espeak-ng voice per language: `espeak-ng --voices` lists what the station has. */
  voices: z
    .object({
      en: z
        .string()
        .regex(ESPEAK_VOICE, { message: 'must be an espeak-ng voice name' })
        .default('en-us'),
      es: z
        .string()
        .regex(ESPEAK_VOICE, { message: 'must be an espeak-ng voice name' })
        .default('es'),
    })
    .prefault({}),
  /** In audio mode every timeout of the session is this many times longer. */
  audioTimeoutFactor: z.number().min(1).max(5).default(2),
  /** "More time" at a timeout warning makes the rest of the session's timeouts this many times longer. */
  moreTimeFactor: z.number().min(1).max(5).default(2),
  /** While audio mode is on, the attract screen says its hint again this often. */
  hintRepeatSeconds: z.number().int().min(10).max(600).default(30),
  /** Headphones plugged in start audio mode, where the station can tell. */
  audioOnHeadphones: z.boolean().default(true),
  /** The keypad's keys (`KeyboardEvent.code` names) per action; absent actions keep the defaults. */
  keys: KeyMapSchema.partial()
    .default({})
    .transform((keys): KeyMap => ({ ...DEFAULT_KEY_MAP, ...keys })),
});
export type AccessibilitySettings = z.infer<typeof AccessibilitySettingsSchema>;

export const StaffSettingsSchema = z.object({
  /** scrypt hash produced by hashStaffPin; the PIN itself is never stored. */
  pinHash: z
    .string()
    .regex(/^scrypt\$/, { message: 'must be a hash made by the staff PIN setter' })
    .optional(),
  /**
   * SHA-256 of the staff card's code (staff-pin/staff-card.ts): scanning the card on the PIN
   * screen lets its PINs past a lockout a patron keeps up. Made on the settings screen or by
   * `library-kiosk staff-card`; the code itself is never stored.
   */
  cardHash: z
    .string()
    .regex(STAFF_CARD_HASH, { message: 'must be a hash made by the staff card maker' })
    .optional(),
  /** Staff mode closes after this long without a staff action (default 5 minutes). */
  idleTimeoutMs: z
    .number()
    .int()
    .min(30_000)
    .max(60 * 60_000)
    .default(5 * 60_000),
});

/** A host name or an IP address (v4, or v6 in brackets or bare), without scheme, port or path. */
const SIP2_HOST = /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$|^\[?[0-9A-Fa-f:.]+\]?$/;

/**
 * The SIP2 server the patron flow uses when `patron.backEnd` is `sip2` (docs/sip2.md). The login
 * password (CO) and terminal password (AC) are not settings: they are sealed in the vault
 * (`library-kiosk set-sip2-password`), never in this file or an export.
 */
export const Sip2SettingsSchema = z.object({
  /** Empty: the embedded reference service's SIP2 listener, started by the kiosk. */
  host: z
    .string()
    .max(253)
    .refine((value) => value === '' || SIP2_HOST.test(value), {
      message: 'must be a host name or an IP address, without scheme, port or path',
    })
    .default(''),
  port: z.number().int().min(1).max(65_535).default(6001),
  /** Card numbers, PINs and the login password cross the network in clear without it. */
  tls: z.boolean().default(false),
  /** The certificate authority (PEM file) to trust; absent, the system's. */
  tlsCaFile: z.string().min(1).max(4096).optional(),
  /** The name the server's certificate must carry, when it is not `host`. */
  tlsServerName: z.string().min(1).max(253).optional(),
  /** CN of the login (93); empty: the server wants no login and none is sent. */
  loginUser: z.string().max(100).default(''),
  /** CP of the login and AP of a check-in. */
  locationCode: z.string().max(100).default(''),
  /** AO of every request. */
  institutionId: z.string().max(100).default(''),
  terminator: z.enum(['CR', 'CRLF'], { message: "must be 'CR' or 'CRLF'" }).default('CR'),
  /** Error detection: sequence numbers (AY) and checksums (AZ) sent and required on answers. */
  checksums: z.boolean().default(true),
  encoding: z
    .enum(SIP2_ENCODINGS, { message: "must be 'ascii', 'utf-8', 'latin1' or 'cp850'" })
    .default('utf-8'),
  /** How long one request waits for its answer. */
  requestTimeoutMs: Duration(500, 120_000, 10_000),
  /** Resends asked for a garbled answer, and fresh tries of a read after a failure. */
  retries: z.number().int().min(0).max(5).default(1),
  /**
   * How often the kiosk reads the server's status (99/98): online, check-out, check-in. Below the
   * idle limits servers keep (SIPServer's sample and Koha's service timeout close a silent line
   * after 60 s), so the line the next patron's request needs is still open.
   */
  heartbeatSeconds: z.number().int().min(1).max(3600).default(30),
  /** The library asks for the card's PIN (AD) before a patron may borrow. */
  patronPin: z.boolean().default(false),
  /** How a fee without a decimal separator ("1250") is read. */
  feeWholeUnits: z
    .enum(['major-units', 'minor-units'], { message: "must be 'major-units' or 'minor-units'" })
    .default('major-units'),
  /** A card and an item the server knows, for the probe (diagnostics, `probe --sip2`). */
  testCard: z.string().min(1).max(100).optional(),
  testItem: z.string().min(1).max(100).optional(),
});

/** The documents screen: the largest PDF staff may publish (the interface states no limit). */
export const DocumentsSettingsSchema = z.object({
  maxUploadBytes: z
    .number()
    .int()
    .min(1024)
    .max(2 * 1024 ** 3)
    .default(100 * 1024 ** 2),
});

/**
 * Signed fleet settings (docs/operations.md): off while no URL is set. The URL carries no secret,
 * but what it serves decides the kiosk's settings: https, or plain http only on this machine.
 */
export const FleetSettingsSchema = z
  .object({
    url: HTTP_URL.optional(),
    /** The Ed25519 public key that signs the fleet's files: PEM, or base64 SPKI (`fleet-key`). */
    publicKey: z
      .string()
      .refine(isFleetPublicKey, { message: 'must be an Ed25519 public key (PEM or base64 SPKI)' })
      .optional(),
    intervalMinutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(15),
  })
  // A URL without the key could only be refused every time: say so when it is saved instead.
  .refine((fleet) => fleet.url === undefined || fleet.publicKey !== undefined, {
    message: 'fleet.publicKey is needed when fleet.url is set',
    path: ['publicKey'],
  });

export const SettingsSchema = z
  .object({
    service: ServiceConnectionSchema.prefault({}),
    dataDir: z.string().min(1, { message: 'must not be empty' }),
    signInPresentation: z
      .enum(['system-browser', 'auth-window'], {
        message: "must be 'system-browser' or 'auth-window'",
      })
      // A kiosk's desktop browser would be a way out of the kiosk: the locked-down window by default.
      .default('auth-window'),
    /** Linux safeStorage without a keyring uses a hard-coded key; only an explicit opt-in accepts it. */
    allowBasicTextEncryption: z.boolean().default(false),
    kiosk: KioskIdentitySchema.prefault({}),
    staff: StaffSettingsSchema.prefault({}),
    patron: PatronSettingsSchema.prefault({}),
    receipt: ReceiptSettingsSchema.prefault({}),
    feedback: FeedbackSettingsSchema.prefault({}),
    accessibility: AccessibilitySettingsSchema.prefault({}),
    offline: OfflineSettingsSchema.prefault({}),
    documents: DocumentsSettingsSchema.prefault({}),
    sip2: Sip2SettingsSchema.prefault({}),
    requestTimeoutMs: z.number().int().min(1_000).max(120_000).default(15_000),
    /** Owned by the scanner module; embedded here so there is one settings document. */
    scanner: ScannerSettingsSchema.prefault({}),
    /** The Prometheus listener (docs/operations.md); off by default. */
    metrics: MetricsSettingsSchema.prefault({}),
    fleet: FleetSettingsSchema.prefault({}),
  })
  // "Still there?" on the receipt question must show before the question ends, as on every screen.
  // A warning already longer than the session is that rule's problem, told once, on the warning.
  .refine(
    ({ patron, receipt }) =>
      patron.warningMs >= patron.inactivityTimeoutMs || patron.warningMs < receipt.askTimeoutMs,
    {
      message: 'patron.warningMs must be shorter than receipt.askTimeoutMs',
      path: ['receipt', 'askTimeoutMs'],
    },
  )
  // The built-in SIP2 listener belongs to the embedded service, which a configured service replaces.
  .refine(
    ({ patron, sip2, service }) =>
      patron.backEnd !== 'sip2' || sip2.host !== '' || service.baseUrl === undefined,
    {
      message:
        'patron.backEnd sip2 needs sip2.host when service.baseUrl is set: the built-in SIP2 server runs only with the built-in service',
      path: ['patron', 'backEnd'],
    },
  );

export type Settings = z.infer<typeof SettingsSchema>;
/** What a settings file or an import may contain: every field optional except where noted. */
export type SettingsInput = z.input<typeof SettingsSchema>;
export type ServiceConnectionSettings = Settings['service'];
export type PatronSettings = Settings['patron'];
export type ReceiptSettings = Settings['receipt'];
export type OfflineSettings = Settings['offline'];
export type Sip2Settings = Settings['sip2'];
export type FleetSettings = Settings['fleet'];
