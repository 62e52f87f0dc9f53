import { z } from 'zod';
import { KeyMapSchema } from '../access';
import { consoleAnswer } from './answer';
import { ConfirmedChangesSchema, SecurityChangeSchema } from './security-change';
import type { SettingsChannel } from './channels';

const Text = z.string().max(2_000);
/** A number field; `null` is an empty input (unset where the setting is optional). */
const NumberField = z.number().nullable();
/** One keypad action's keys, as pressed on the form (their `KeyboardEvent.code` names). */
const KeysField = z.array(z.string().max(40)).max(16);

/**
 * The settings screen's form: one entry per field, keyed by the setting's dotted path (the same
 * path the settings schema's issues name, so each error lands next to its field; the core's
 * settings/form.ts checks at compile time that each key is a real setting). Values are
 * loose here; the core checks them with the settings schema. Text that may be empty (`''`) leaves
 * an optional setting unset. The field map is the diagnostics screen's; machine-specific
 * settings (data folder, basic-text encryption) are not edited from a screen.
 */
export const SettingsFormSchema = z.object({
  'service.baseUrl': Text,
  'service.authUrl': Text,
  'service.clientId': Text,
  'service.clientKind': Text,
  'service.redirectUri': Text,
  'service.circulationMethod': Text,
  signInPresentation: Text,
  requestTimeoutMs: NumberField,
  'patron.inactivityTimeoutMs': NumberField,
  'patron.warningMs': NumberField,
  'patron.thankYouMs': NumberField,
  'patron.noticeMs': NumberField,
  'patron.allowEmail': z.boolean(),
  'patron.fineThreshold': NumberField,
  'patron.backEnd': Text,
  'sip2.host': Text,
  'sip2.port': NumberField,
  'sip2.tls': z.boolean(),
  'sip2.tlsCaFile': Text,
  'sip2.tlsServerName': Text,
  'sip2.loginUser': Text,
  'sip2.locationCode': Text,
  'sip2.institutionId': Text,
  'sip2.terminator': Text,
  'sip2.checksums': z.boolean(),
  'sip2.encoding': Text,
  'sip2.requestTimeoutMs': NumberField,
  'sip2.retries': NumberField,
  'sip2.heartbeatSeconds': NumberField,
  'sip2.patronPin': z.boolean(),
  'sip2.feeWholeUnits': Text,
  'sip2.testCard': Text,
  'sip2.testItem': Text,
  'staff.idleTimeoutMs': NumberField,
  'scanner.device.mode': Text,
  'scanner.device.vendorId': NumberField,
  'scanner.device.productId': NumberField,
  'scanner.patronPattern': Text,
  'scanner.itemPattern': Text,
  'scanner.checkDigit': Text,
  'scanner.prefix': Text,
  'scanner.suffix': Text,
  'scanner.minLength': NumberField,
  'scanner.maxLength': NumberField,
  'offline.checkOut': z.boolean(),
  'offline.checkIn': z.boolean(),
  'offline.maxItemsPerPatron': NumberField,
  'offline.maxQueued': NumberField,
  'offline.defaultLoanDays': NumberField,
  'offline.rememberMembersDays': NumberField,
  'offline.probeFirstDelayMs': NumberField,
  'offline.probeMaxDelayMs': NumberField,
  'receipt.mode': Text,
  'receipt.askTimeoutMs': NumberField,
  'receipt.unanswered': Text,
  'receipt.printer': Text,
  'kiosk.branchName': Text,
  'kiosk.branchId': Text,
  'kiosk.defaultLanguage': Text,
  'kiosk.theme': Text,
  'kiosk.scannerPlace': Text,
  'feedback.volume': NumberField,
  'accessibility.audio': z.boolean(),
  'accessibility.largeText': z.boolean(),
  'accessibility.lowReach': z.boolean(),
  'accessibility.speechRate': NumberField,
  'accessibility.audioTimeoutFactor': NumberField,
  'accessibility.moreTimeFactor': NumberField,
  'accessibility.hintRepeatSeconds': NumberField,
  'accessibility.audioOnHeadphones': z.boolean(),
  'accessibility.voices.en': Text,
  'accessibility.voices.es': Text,
  'accessibility.keys.up': KeysField,
  'accessibility.keys.down': KeysField,
  'accessibility.keys.select': KeysField,
  'accessibility.keys.back': KeysField,
  'accessibility.keys.help': KeysField,
  'accessibility.keys.volumeUp': KeysField,
  'accessibility.keys.volumeDown': KeysField,
  'accessibility.keys.audio': KeysField,
  'metrics.enabled': z.boolean(),
  'metrics.host': Text,
  'metrics.port': NumberField,
  'fleet.intervalMinutes': NumberField,
});
export type SettingsForm = z.infer<typeof SettingsFormSchema>;
export type SettingsField = keyof SettingsForm;

/** The form's fields that are one of a fixed list, with that list (from the settings schema). */
export const SELECT_FIELDS = [
  'service.clientKind',
  'service.circulationMethod',
  'signInPresentation',
  'scanner.device.mode',
  'scanner.checkDigit',
  'receipt.mode',
  'receipt.unanswered',
  'kiosk.defaultLanguage',
  'kiosk.theme',
  'kiosk.scannerPlace',
  'patron.backEnd',
  'sip2.terminator',
  'sip2.encoding',
  'sip2.feeWholeUnits',
] as const satisfies readonly SettingsField[];
export type SelectField = (typeof SELECT_FIELDS)[number];

const FieldName = z.enum(Object.keys(SettingsFormSchema.shape) as [SettingsField]);

/**
 * Whether the SIP2 login (CO) and terminal (AC) passwords are stored for the saved server and
 * login user it names: never the passwords themselves.
 */
export const Sip2PasswordStatusSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  loginUser: z.string(),
  login: z.boolean(),
  terminal: z.boolean(),
});
export type Sip2PasswordStatus = z.infer<typeof Sip2PasswordStatusSchema>;

export const Sip2PasswordKindSchema = z.enum(['login', 'terminal']);
export type Sip2PasswordKind = z.infer<typeof Sip2PasswordKindSchema>;

/** Why the kiosk refused a fleet settings file (src-main/settings/fleet-updater.ts). */
export const FLEET_REFUSAL_REASONS = [
  'unreachable',
  'not-a-fleet-file',
  'bad-signature',
  'no-version',
  'replayed',
  'version-reused',
  'invalid-settings',
  'lowers-protection',
  'bad-policy',
  'not-saved',
  'state-unreadable',
] as const;
export const FleetRefusalReasonSchema = z.enum(FLEET_REFUSAL_REASONS);

/**
 * Which settings are in force: a signed fleet file's version, or local ones (absent);
 * `changedHere`: staff changed or imported settings at the kiosk since the fleet file.
 */
export const FleetStatusSchema = z.object({
  inForce: z
    .object({
      version: z.number().int(),
      appliedAt: z.string(),
      host: z.string(),
      changedHere: z.boolean(),
    })
    .optional(),
  lastRefusal: z.object({ reason: FleetRefusalReasonSchema, at: z.string() }).optional(),
});
export type FleetStatus = z.infer<typeof FleetStatusSchema>;

export const SettingsViewSchema = z.object({
  /** The saved settings as the kiosk would start with them now (environment applied). */
  form: SettingsFormSchema,
  options: z.record(z.enum(SELECT_FIELDS), z.array(z.string())),
  /** Fields an environment variable fixes: shown read-only with the variable's name. */
  fixed: z.array(z.object({ field: FieldName, variable: z.string() })),
  /** The scanner the kiosk has open now, offered as the device to use. */
  connectedScanner: z
    .object({
      vendorId: z.number().int(),
      productId: z.number().int(),
      product: z.string().optional(),
    })
    .optional(),
  /** Where the settings file is. */
  location: z.string(),
  /** The saved settings differ from those the kiosk runs with: a restart applies them. */
  restartNeeded: z.boolean(),
  canRestart: z.boolean(),
  /** Absent: no SIP2 server saved (the built-in one needs none), or no password store here. */
  sip2Passwords: Sip2PasswordStatusSchema.optional(),
  /** Fleet settings: the version in force and the last file refused (docs/operations.md). */
  fleet: FleetStatusSchema.optional(),
  /** A staff card is set (its code is never shown again: staff.console.settings.staffCard). */
  staffCard: z.boolean(),
  /** The keypad's keys out of the box, for "Back to the usual keys". */
  defaultKeys: KeyMapSchema,
});
export type SettingsView = z.infer<typeof SettingsViewSchema>;

export const SettingChangeSchema = z.object({
  path: z.string(),
  /** JSON of the value; `null`: not set (the kiosk uses the default). */
  current: z.string().nullable(),
  imported: z.string().nullable(),
  fixedBy: z.string().optional(),
});
export type SettingChange = z.infer<typeof SettingChangeSchema>;

/** An export file is read as text in the renderer; a settings file is a few kilobytes. */
const ImportText = z.object({ text: z.string().max(1_000_000) });

export const ImportPreviewSchema = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('preview'),
    changes: z.array(SettingChangeSchema),
    /** Secret or machine-specific settings the file carried: left out, never applied. */
    ignored: z.array(z.string()),
    exportedAt: z.string(),
    appVersion: z.string(),
    /** Changes staff must confirm on their own before Apply takes the file. */
    security: z.array(SecurityChangeSchema),
  }),
  z.object({
    outcome: z.literal('not-an-export'),
    reason: z.enum(['not-json', 'not-an-export', 'newer-version']),
  }),
]);
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** Save or Apply refused: these changes were not confirmed (nothing was written). */
const ConfirmNeeded = z.object({
  outcome: z.literal('confirm-needed'),
  changes: z.array(SecurityChangeSchema),
});

export const PinChangeRefusalSchema = z.enum(['wrong-current', 'locked', 'format', 'mismatch']);
export type PinChangeRefusal = z.infer<typeof PinChangeRefusalSchema>;

export const settingsInvokeContract = {
  'staff.console.settings.get': {
    request: z.undefined(),
    response: consoleAnswer(SettingsViewSchema),
  },
  /** Checks the form with the settings schema: `invalid` issues by dotted path, or `valid`. */
  'staff.console.settings.check': {
    request: z.object({ form: SettingsFormSchema }),
    response: consoleAnswer(z.object({ valid: z.literal(true) })),
  },
  /**
   * Checks again and writes only when valid and every security-relevant change is in
   * `confirmed`; environment-fixed fields are never written.
   */
  'staff.console.settings.save': {
    request: z.object({ form: SettingsFormSchema, confirmed: ConfirmedChangesSchema }),
    response: consoleAnswer(
      z.discriminatedUnion('outcome', [
        z.object({ outcome: z.literal('saved'), view: SettingsViewSchema }),
        ConfirmNeeded,
      ]),
    ),
  },
  /** The stored settings as an export file's name and text, for the renderer to save. */
  'staff.console.settings.export': {
    request: z.undefined(),
    response: consoleAnswer(z.object({ fileName: z.string(), text: z.string() })),
  },
  'staff.console.settings.previewImport': {
    request: ImportText,
    response: consoleAnswer(ImportPreviewSchema),
  },
  /**
   * Reads the file again, as previewed, and saves it (this kiosk's local settings kept) when
   * every security-relevant change it makes is in `confirmed`.
   */
  'staff.console.settings.applyImport': {
    request: ImportText.extend({ confirmed: ConfirmedChangesSchema }),
    response: consoleAnswer(
      z.discriminatedUnion('outcome', [
        z.object({ outcome: z.literal('applied'), view: SettingsViewSchema }),
        ImportPreviewSchema.options[1],
        ConfirmNeeded,
      ]),
    ),
  },
  'staff.console.settings.changePin': {
    request: z.object({
      current: z.string().max(64),
      next: z.string().max(64),
      repeat: z.string().max(64),
    }),
    response: consoleAnswer(
      z.discriminatedUnion('outcome', [
        z.object({ outcome: z.literal('changed') }),
        z.object({
          outcome: z.literal('refused'),
          reason: PinChangeRefusalSchema,
          lockedUntil: z.number().optional(),
        }),
      ]),
    ),
  },
  /**
   * Makes a new staff card (its hash stored, the old card no longer works) and answers its code,
   * the one time it is shown; or removes the staff card. The PIN screen takes it at once.
   */
  'staff.console.settings.staffCard': {
    request: z.object({ action: z.enum(['make', 'remove']) }),
    response: consoleAnswer(z.object({ set: z.boolean(), code: z.string().optional() })),
  },
  /**
   * Stores one SIP2 password sealed for the saved sip2.host, sip2.port and sip2.loginUser (as
   * `library-kiosk set-sip2-password` does), or clears it; answers whether each is now set.
   */
  'staff.console.settings.sip2Password': {
    request: z.discriminatedUnion('action', [
      z.object({
        action: z.literal('store'),
        kind: Sip2PasswordKindSchema,
        password: z.string().min(1).max(256),
      }),
      z.object({ action: z.literal('clear'), kind: Sip2PasswordKindSchema }),
    ]),
    response: consoleAnswer(Sip2PasswordStatusSchema),
  },
  /** Answers first, then stops and starts the kiosk with its saved settings. */
  'staff.console.settings.restart': {
    request: z.undefined(),
    response: consoleAnswer(z.object({ restarting: z.literal(true) })),
  },
} as const satisfies Record<SettingsChannel, unknown>;
