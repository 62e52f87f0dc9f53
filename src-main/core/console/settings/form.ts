import { isDeepStrictEqual } from 'node:util';
import { SELECT_FIELDS, SettingsFormSchema } from '../../../../src-common/ipc/console/settings';
import type {
  SelectField,
  SettingsField,
  SettingsForm,
} from '../../../../src-common/ipc/console/settings';
import { ScannerSettingsSchema } from '../../../scanner/settings-schema';
import { setSettingPath } from '../../../settings/check';
import type { StoredSettings } from '../../../settings/resolve';
import {
  ClientKindSchema,
  KioskIdentitySchema,
  PatronSettingsSchema,
  Sip2SettingsSchema,
  ReceiptSettingsSchema,
  ServiceConnectionSchema,
  SettingsSchema,
} from '../../../settings/schema';
import type { Settings } from '../../../settings/schema';

export const FORM_FIELDS = Object.keys(SettingsFormSchema.shape) as SettingsField[];

/** Every leaf of the settings by dotted path (a union distributes: `scanner.device.vendorId`). */
type LeafPath<T> = T extends readonly unknown[]
  ? never
  : T extends object
    ? {
        [K in keyof T & string]: NonNullable<T[K]> extends readonly unknown[]
          ? K
          : NonNullable<T[K]> extends object
            ? `${K}.${LeafPath<NonNullable<T[K]>>}`
            : K;
      }[keyof T & string]
    : never;
/** The compiler keeps the form's keys to real settings: a renamed setting fails here. */
const _formFieldsAreSettings: SettingsField extends LeafPath<Settings> ? true : never = true;
void _formFieldsAreSettings;

/** Optional settings: an empty field leaves them unset (the default, or the embedded service). */
const UNSET_WHEN_EMPTY = new Set<SettingsField>([
  'service.baseUrl',
  'service.authUrl',
  'service.clientId',
  'patron.fineThreshold',
  'receipt.printer',
  'kiosk.branchId',
  'sip2.tlsCaFile',
  'sip2.tlsServerName',
  'sip2.testCard',
  'sip2.testItem',
]);

const DEVICE_FIELDS = new Set<SettingsField>([
  'scanner.device.mode',
  'scanner.device.vendorId',
  'scanner.device.productId',
]);

/** The choices of each select field, straight from the settings schema's enums. */
export function selectOptions(): Record<SelectField, string[]> {
  const service = ServiceConnectionSchema.in.shape;
  const options: Record<SelectField, readonly string[]> = {
    'service.clientKind': ClientKindSchema.options,
    'service.circulationMethod': service.circulationMethod.unwrap().options,
    signInPresentation: SettingsSchema.shape.signInPresentation.unwrap().options,
    'scanner.device.mode': ScannerSettingsSchema.shape.device
      .unwrap()
      .options.map((option) => option.shape.mode.value),
    'scanner.checkDigit': ScannerSettingsSchema.shape.checkDigit.unwrap().options,
    'receipt.mode': ReceiptSettingsSchema.shape.mode.unwrap().options,
    'receipt.unanswered': ReceiptSettingsSchema.shape.unanswered.unwrap().options,
    'kiosk.defaultLanguage': KioskIdentitySchema.shape.defaultLanguage.unwrap().options,
    'kiosk.theme': KioskIdentitySchema.shape.theme.unwrap().options,
    'kiosk.scannerPlace': KioskIdentitySchema.shape.scannerPlace.unwrap().options,
    'patron.backEnd': PatronSettingsSchema.shape.backEnd.unwrap().options,
    'sip2.terminator': Sip2SettingsSchema.shape.terminator.unwrap().options,
    'sip2.encoding': Sip2SettingsSchema.shape.encoding.unwrap().options,
    'sip2.feeWholeUnits': Sip2SettingsSchema.shape.feeWholeUnits.unwrap().options,
  };
  return Object.fromEntries(SELECT_FIELDS.map((field) => [field, [...options[field]]])) as Record<
    SelectField,
    string[]
  >;
}

/** The form as the effective settings fill it in, the keypad's keys per action among it. */
export function formOf(settings: Settings): SettingsForm {
  const { service, patron, scanner, offline, sip2, accessibility } = settings;
  const device = scanner.device;
  return {
    'service.baseUrl': service.baseUrl ?? '',
    'service.authUrl': service.authUrl ?? '',
    'service.clientId': service.clientId,
    'service.clientKind': service.clientKind,
    'service.redirectUri': service.redirectUri,
    'service.circulationMethod': service.circulationMethod,
    signInPresentation: settings.signInPresentation,
    requestTimeoutMs: settings.requestTimeoutMs,
    'patron.inactivityTimeoutMs': patron.inactivityTimeoutMs,
    'patron.warningMs': patron.warningMs,
    'patron.thankYouMs': patron.thankYouMs,
    'patron.noticeMs': patron.noticeMs,
    'patron.allowEmail': patron.allowEmail,
    'patron.fineThreshold': patron.fineThreshold ?? null,
    'patron.backEnd': patron.backEnd,
    'sip2.host': sip2.host,
    'sip2.port': sip2.port,
    'sip2.tls': sip2.tls,
    'sip2.tlsCaFile': sip2.tlsCaFile ?? '',
    'sip2.tlsServerName': sip2.tlsServerName ?? '',
    'sip2.loginUser': sip2.loginUser,
    'sip2.locationCode': sip2.locationCode,
    'sip2.institutionId': sip2.institutionId,
    'sip2.terminator': sip2.terminator,
    'sip2.checksums': sip2.checksums,
    'sip2.encoding': sip2.encoding,
    'sip2.requestTimeoutMs': sip2.requestTimeoutMs,
    'sip2.retries': sip2.retries,
    'sip2.heartbeatSeconds': sip2.heartbeatSeconds,
    'sip2.patronPin': sip2.patronPin,
    'sip2.feeWholeUnits': sip2.feeWholeUnits,
    'sip2.testCard': sip2.testCard ?? '',
    'sip2.testItem': sip2.testItem ?? '',
    'staff.idleTimeoutMs': settings.staff.idleTimeoutMs,
    'scanner.device.mode': device.mode,
    'scanner.device.vendorId': device.mode === 'device' ? device.vendorId : null,
    'scanner.device.productId': device.mode === 'device' ? device.productId : null,
    'scanner.patronPattern': scanner.patronPattern,
    'scanner.itemPattern': scanner.itemPattern,
    'scanner.checkDigit': scanner.checkDigit,
    'scanner.prefix': scanner.prefix,
    'scanner.suffix': scanner.suffix,
    'scanner.minLength': scanner.minLength,
    'scanner.maxLength': scanner.maxLength,
    'offline.checkOut': offline.checkOut,
    'offline.checkIn': offline.checkIn,
    'offline.maxItemsPerPatron': offline.maxItemsPerPatron,
    'offline.maxQueued': offline.maxQueued,
    'offline.defaultLoanDays': offline.defaultLoanDays,
    'offline.rememberMembersDays': offline.rememberMembersDays,
    'offline.probeFirstDelayMs': offline.probeFirstDelayMs,
    'offline.probeMaxDelayMs': offline.probeMaxDelayMs,
    'receipt.mode': settings.receipt.mode,
    'receipt.askTimeoutMs': settings.receipt.askTimeoutMs,
    'receipt.unanswered': settings.receipt.unanswered,
    'receipt.printer': settings.receipt.printer ?? '',
    'kiosk.branchName': settings.kiosk.branchName,
    'kiosk.branchId': settings.kiosk.branchId ?? '',
    'kiosk.defaultLanguage': settings.kiosk.defaultLanguage,
    'kiosk.theme': settings.kiosk.theme,
    'kiosk.scannerPlace': settings.kiosk.scannerPlace,
    'feedback.volume': settings.feedback.volume,
    'accessibility.audio': accessibility.audio,
    'accessibility.largeText': accessibility.largeText,
    'accessibility.lowReach': accessibility.lowReach,
    'accessibility.speechRate': accessibility.speechRate,
    'accessibility.audioTimeoutFactor': accessibility.audioTimeoutFactor,
    'accessibility.moreTimeFactor': accessibility.moreTimeFactor,
    'accessibility.hintRepeatSeconds': accessibility.hintRepeatSeconds,
    'accessibility.audioOnHeadphones': accessibility.audioOnHeadphones,
    'accessibility.voices.en': accessibility.voices.en,
    'accessibility.voices.es': accessibility.voices.es,
    'accessibility.keys.up': accessibility.keys.up,
    'accessibility.keys.down': accessibility.keys.down,
    'accessibility.keys.select': accessibility.keys.select,
    'accessibility.keys.back': accessibility.keys.back,
    'accessibility.keys.help': accessibility.keys.help,
    'accessibility.keys.volumeUp': accessibility.keys.volumeUp,
    'accessibility.keys.volumeDown': accessibility.keys.volumeDown,
    'accessibility.keys.audio': accessibility.keys.audio,
    'metrics.enabled': settings.metrics.enabled,
    'metrics.host': settings.metrics.host,
    'metrics.port': settings.metrics.port,
    'fleet.intervalMinutes': settings.fleet.intervalMinutes,
  };
}

function removePath(document: Record<string, unknown>, dotted: string): void {
  const keys = dotted.split('.');
  let node: unknown = document;
  for (const key of keys.slice(0, -1)) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  if (node && typeof node === 'object') delete (node as Record<string, unknown>)[keys.at(-1)!];
}

/**
 * The stored document with the form's edits: only the fields whose value differs from what the
 * kiosk has now are written (an untouched field keeps following its default), fixed fields never,
 * and everything the form does not show (the field map, the PIN hash...) stays as it was.
 */
export function documentWithForm(
  stored: StoredSettings,
  now: SettingsForm,
  form: SettingsForm,
  fixed: ReadonlySet<SettingsField>,
): StoredSettings {
  const document = structuredClone(stored) as Record<string, unknown>;
  const changed = FORM_FIELDS.filter(
    (field) => !fixed.has(field) && !isDeepStrictEqual(now[field], form[field]),
  );
  for (const field of changed) {
    if (DEVICE_FIELDS.has(field)) continue;
    const value = form[field];
    if (UNSET_WHEN_EMPTY.has(field) && (value === '' || value === null)) {
      removePath(document, field);
    } else {
      setSettingPath(document, field, value);
    }
  }
  // The device is one setting: its mode decides whether vendor and product belong to it.
  if (changed.some((field) => DEVICE_FIELDS.has(field))) {
    const mode = form['scanner.device.mode'];
    setSettingPath(
      document,
      'scanner.device',
      mode === 'device'
        ? {
            mode,
            vendorId: form['scanner.device.vendorId'],
            productId: form['scanner.device.productId'],
          }
        : { mode },
    );
  }
  return document as StoredSettings;
}
