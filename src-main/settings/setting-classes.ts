import type { SecurityField } from '../../src-common/ipc/console/security-change';

/**
 * What changing a setting does to the kiosk's protections, for every setting of the schema
 * (docs/security.md, "Every setting and what its change can lower"; a unit test walks the
 * schema's keys, so a new setting cannot be added without a line here):
 * - `lowers`: the change opens a way the kiosk keeps shut, `when` says which change; each of
 *   `fields` is a change security-changes.ts detects, which staff confirm on its own on the
 *   settings screen and in an import, and which a fleet file may carry only when its signed
 *   policy allows it by name;
 * - `never`: no change of it lowers a protection, and why;
 * - `local`: kept by this kiosk alone, never exported, imported or taken from a fleet file
 *   (transfer.ts), and not on the screen.
 * A key ending in `.*` covers every setting under it.
 */
export type SettingClass =
  | { kind: 'lowers'; when: string; fields: readonly SecurityField[] }
  | { kind: 'never'; why: string }
  | { kind: 'local'; why: string };

const lowers = (when: string, ...fields: SecurityField[]): SettingClass => ({
  kind: 'lowers',
  when,
  fields,
});
const never = (why: string): SettingClass => ({ kind: 'never', why });
const local = (why: string): SettingClass => ({ kind: 'local', why });

const BOUNDED = 'bounded by the schema; how the kiosk works, not what it lets through';
const HOW_SIP2_TALKS = 'how the kiosk talks to the SIP2 server, not where or how openly';

export const SETTING_CLASSES: Readonly<Record<string, SettingClass>> = {
  'service.baseUrl': lowers(
    'it changes: card and item barcodes and the staff sign-in go to the new address',
    'service.baseUrl',
    'service.authUrl',
  ),
  'service.authUrl': lowers(
    'it changes: staff type their password at the new sign-in server',
    'service.authUrl',
  ),
  'service.clientId': lowers('it changes: tokens are issued to another client', 'service.clientId'),
  'service.clientKind': lowers(
    'it changes the client the kiosk signs in as (the development client has its own name)',
    'service.clientId',
  ),
  'service.redirectUri': never(
    'the schema takes only a reversed-domain scheme or a loopback address on this machine, and PKCE binds the code to the kiosk',
  ),
  'service.fieldMap': never(
    'where the kiosk reads a concept in an answer; the service still decides every loan and block',
  ),
  'service.circulationMethod': never('the HTTP method of a check-out, to the same address'),
  'service.maxAnswerBytes': never(`${BOUNDED} (64 KiB to 64 MiB)`),
  dataDir: local('the machine\u2019s own folder'),
  signInPresentation: lowers(
    'it is set to `system-browser`: a desktop browser is a way out of the kiosk',
    'signInPresentation',
  ),
  allowBasicTextEncryption: local(
    'lowers a protection when turned on (tokens sealed with a fixed key), so only the settings file of this kiosk sets it',
  ),
  'kiosk.branchName': never('the name on the screens and receipts'),
  'kiosk.defaultLanguage': never('the first language patrons see'),
  'kiosk.theme': never('the colours patrons see'),
  'kiosk.branchId': never('which branch of the service\u2019s list names the kiosk\u2019s branch'),
  'kiosk.scannerPlace': never('where the screen tells patrons to hold their card'),
  'staff.pinHash': local('the staff PIN, set by set-pin or the PIN change; never leaves the kiosk'),
  'staff.cardHash': local(
    'the staff card, made on the settings screen or by staff-card; opens the PIN screen past a lockout, so it never leaves the kiosk',
  ),
  'staff.idleTimeoutMs': never(`${BOUNDED} (at most 1 hour)`),
  'patron.inactivityTimeoutMs': never(`${BOUNDED} (at most 30 minutes, the warning before it)`),
  'patron.warningMs': never(BOUNDED),
  'patron.thankYouMs': never(BOUNDED),
  'patron.noticeMs': never(BOUNDED),
  'patron.allowEmail': lowers(
    'turned on: an email address is no secret, and whoever knows one borrows on that account',
    'patron.allowEmail',
  ),
  'patron.fineThreshold': never(
    'the kiosk\u2019s own limit on top of the service, which still decides',
  ),
  'patron.backEnd': never(
    'which back end patrons use; the SIP2 server it sends to is confirmed on its own (`sip2.host`)',
  ),
  'receipt.mode': never('a receipt printed or asked for while the patron is at the kiosk'),
  'receipt.askTimeoutMs': never(BOUNDED),
  'receipt.unanswered': lowers(
    'it is set to `print`: a slip nobody takes shows the next person the titles',
    'receipt.unanswered',
  ),
  'receipt.printer': never('a printer the station\u2019s system already has'),
  'receipt.email.enabled': lowers(
    'it turns on: receipts patrons ask for by e-mail, with their name, loans and address, go to the relay',
    'receipt.email.relay',
  ),
  'receipt.email.host': lowers(
    'it changes while e-mail receipts are on: the receipts go to the new relay',
    'receipt.email.relay',
  ),
  'receipt.email.port': lowers(
    'it changes while e-mail receipts are on: the receipts go to another service on the relay',
    'receipt.email.relay',
  ),
  'receipt.email.tls': never(
    'STARTTLS or TLS from the start: both encrypted, certificates checked',
  ),
  'receipt.email.tlsCaFile': lowers(
    'it changes: whoever the new authority vouches for can stand in for the relay',
    'receipt.email.tlsCaFile',
  ),
  'receipt.email.tlsServerName': lowers(
    'it changes: whoever holds a certificate for the new name can stand in for the relay',
    'receipt.email.tlsServerName',
  ),
  'receipt.email.user': never(
    'the relay\u2019s login; its password is sealed for this relay and login only',
  ),
  'receipt.email.from': never('the sender patrons see on their receipt'),
  'receipt.email.timeoutMs': never(BOUNDED),
  'feedback.volume': never('how loud the sounds are'),
  'accessibility.audio': never('how the kiosk speaks to a patron at the station'),
  'accessibility.largeText': never('how the screen shows'),
  'accessibility.lowReach': never('how the screen shows'),
  'accessibility.speechRate': never(BOUNDED),
  'accessibility.voices.en': never('an espeak-ng voice name, never a path or option'),
  'accessibility.voices.es': never('an espeak-ng voice name, never a path or option'),
  'accessibility.audioTimeoutFactor': never(`${BOUNDED} (at most 5 times)`),
  'accessibility.moreTimeFactor': never(`${BOUNDED} (at most 5 times)`),
  'accessibility.hintRepeatSeconds': never(BOUNDED),
  'accessibility.audioOnHeadphones': never('how audio mode starts'),
  'accessibility.keys.*': never('which keypad key does what on the patron screens'),
  'offline.checkOut': never(
    'the library\u2019s lending policy; offline loans are checked against the block list and sent later',
  ),
  'offline.checkIn': never('the library\u2019s lending policy'),
  'offline.maxItemsPerPatron': never(`${BOUNDED} (at most 100)`),
  'offline.maxQueued': never(BOUNDED),
  'offline.defaultLoanDays': never(BOUNDED),
  'offline.rememberMembersDays': never(BOUNDED),
  'offline.probeFirstDelayMs': never(BOUNDED),
  'offline.probeMaxDelayMs': never(BOUNDED),
  'documents.maxUploadBytes': never(`${BOUNDED}; staff-only uploads`),
  'sip2.host': lowers(
    'it changes (card numbers, PINs and barcodes go to the new server), or it names a server across the network while TLS is off (they cross the network in clear)',
    'sip2.address',
    'sip2.tls',
  ),
  'sip2.port': lowers('it changes: another server (`host:port`)', 'sip2.address'),
  'sip2.tls': lowers(
    'turned off with a SIP2 server across the network: card numbers, PINs and the login password cross it in clear',
    'sip2.tls',
  ),
  'sip2.tlsCaFile': lowers(
    'it changes: the kiosk trusts certificates from another authority (or the system\u2019s) for the SIP2 server',
    'sip2.tlsCaFile',
  ),
  'sip2.tlsServerName': lowers(
    'it changes: a certificate for another name is taken for the SIP2 server',
    'sip2.tlsServerName',
  ),
  'sip2.loginUser': never(
    'the SIP2 passwords are bound to the login user and server: a new user has none until staff store them',
  ),
  'sip2.locationCode': never(HOW_SIP2_TALKS),
  'sip2.institutionId': never(HOW_SIP2_TALKS),
  'sip2.terminator': never(HOW_SIP2_TALKS),
  'sip2.checksums': never(
    'a checksum catches noise on the line, not an attacker, who can compute one',
  ),
  'sip2.encoding': never(HOW_SIP2_TALKS),
  'sip2.requestTimeoutMs': never(BOUNDED),
  'sip2.retries': never(BOUNDED),
  'sip2.heartbeatSeconds': never(BOUNDED),
  'sip2.patronPin': lowers(
    'turned off: anyone holding a patron\u2019s card borrows on it without the PIN',
    'sip2.patronPin',
  ),
  'sip2.feeWholeUnits': never('how a fee is read'),
  'sip2.testCard': never('the probe\u2019s card, sent only to the configured server'),
  'sip2.testItem': never('the probe\u2019s item, sent only to the configured server'),
  requestTimeoutMs: never(BOUNDED),
  'scanner.device': never('which USB scanner the kiosk reads'),
  'scanner.reportFormat': never('how a scanner\u2019s reports are decoded'),
  'scanner.prefix': never('characters a scanner adds, taken off'),
  'scanner.suffix': never('characters a scanner adds, taken off'),
  'scanner.minLength': never(BOUNDED),
  'scanner.maxLength': never(BOUNDED),
  'scanner.patronPattern': never(
    'how a scan is told to be a card; the service checks every card, and a CSV export quotes every cell',
  ),
  'scanner.itemPattern': never(
    'how a scan is told to be an item; the service checks every item, and a CSV export quotes every cell',
  ),
  'scanner.checkDigit': never('a check against misreads, not an attacker'),
  'scanner.duplicateWindowMs': never(BOUNDED),
  'scanner.wedgeMaxAvgIntervalMs': never(BOUNDED),
  'scanner.wedgeMinLength': never(BOUNDED),
  'scanner.wedgeSuffixKeys': never('which key ends a keyboard scanner\u2019s code'),
  'scanner.wedgeHoldMs': never(BOUNDED),
  'metrics.enabled': lowers(
    'turned on with a host other than loopback: other machines reach the kiosk\u2019s state',
    'metrics.host',
  ),
  'metrics.host': lowers(
    'it leaves loopback while the listener is on: other machines reach the kiosk\u2019s state',
    'metrics.host',
  ),
  'metrics.port': never('the port, on the same address'),
  'metrics.bearerTokenSha256': lowers(
    'it is replaced, or removed while the listener answers the network: whoever holds the new token (or any scraper with a client certificate) reads the metrics',
    'metrics.bearerTokenSha256',
  ),
  'metrics.tlsCertFile': never(
    'the kiosk\u2019s own certificate, which scrapers check against their authority',
  ),
  'metrics.tlsKeyFile': never('the key of that certificate'),
  'metrics.tlsClientCaFile': lowers(
    'it is replaced, or removed while the listener answers the network: scrapers with certificates from another authority (or any scraper with the token) read the metrics',
    'metrics.tlsClientCaFile',
  ),
  'fleet.url': lowers(
    'it changes: signed files from the new address decide the settings',
    'fleet.url',
  ),
  'fleet.publicKey': lowers(
    'it changes: files signed with the new key decide the settings',
    'fleet.publicKey',
  ),
  'fleet.intervalMinutes': never(`${BOUNDED}: how often the fleet file is fetched`),
};

/** The class of a dotted setting path (`accessibility.keys.up` by `accessibility.keys.*`). */
export function classOf(path: string): SettingClass | undefined {
  const exact = SETTING_CLASSES[path];
  if (exact) return exact;
  const parts = path.split('.');
  for (let end = parts.length - 1; end > 0; end -= 1) {
    const wildcard = SETTING_CLASSES[`${parts.slice(0, end).join('.')}.*`];
    if (wildcard) return wildcard;
  }
  return undefined;
}
