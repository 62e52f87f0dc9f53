import { readFile } from 'node:fs/promises';
import { runSip2Probe, type Sip2ProbeReport } from '../../library-client/sip2/probe';
import type { Sip2ProbeOptions } from '../../library-client/sip2/probe';
import { createConfSettingsStore } from '../../settings/conf-store';
import { fileVaultPaths } from '../../vault/file-vault';
import { openKioskKeys } from '../../vault/kiosk-keys';
import { sip2PasswordsFor, type Sip2Binding, type Sip2Passwords } from '../../vault/sip2-passwords';
import { createSip2PasswordsFile } from '../../vault/sip2-passwords-file';
import { SIP2_ENCODINGS, type Sip2Encoding } from '../../../src-shared/sip2/encoding';
import type { Sip2ProbeHint, Sip2ProbeOffer } from '../../../src-common/ipc/sip2-probe-report';
import { readHiddenLine } from '../../../src-shared/read-hidden-line';
import type { Command } from '../command';
import { EXIT } from '../exit-codes';
import { table } from '../output';
import { usage } from './with-staff-client';

export const SIP2_PROBE_USAGE =
  'usage: probe --sip2 [--host H] [--port N] [--user U] [--institution I] [--location L] ' +
  '[--terminator CR|CRLF] [--checksums on|off] [--encoding ascii|utf-8|latin1|cp850] [--tls] ' +
  '[--ca FILE] [--server-name N] [--card C] [--item I] [--timeout-ms N] [--idle-check] ' +
  '(the login password on stdin)';

/** Each hint in the CLI's words; the staff screen has its own in the catalog (en and es). */
const HINT_TEXT: Record<Sip2ProbeHint, (value: string) => string> = {
  unreachable: () =>
    'Nothing answered at this host and port: check sip2.host and sip2.port, that the SIP2 server runs, and that a firewall lets the kiosk through.',
  'tls-not-spoken': () =>
    'The server did not complete TLS on this port: turn sip2.tls off if it speaks plain SIP2 here, or use its TLS port.',
  'tls-needed': () =>
    'The server never answered the login: if this port expects TLS, turn sip2.tls on; otherwise check sip2.terminator and sip2.port.',
  'tls-certificate': () =>
    "The server's certificate is not trusted: give its certificate authority in sip2.tlsCaFile.",
  'tls-server-name': () =>
    "The server's certificate names another host: set sip2.tlsServerName to the name it carries.",
  'no-answer': () =>
    'The server never answered the login: check sip2.terminator, sip2.checksums and sip2.port.',
  'login-refused': () =>
    "The server refused the login: check sip2.loginUser, the login password and sip2.locationCode against the library system's SIP account.",
  terminator: (value) =>
    `The server ends its messages with ${value}: set sip2.terminator to ${value}.`,
  'checksums-off': () =>
    'The server sends no checksums: turn sip2.checksums off, or turn error detection on at the server.',
  'checksums-on': () => 'The server sends checksums: turn sip2.checksums on.',
  'bad-checksum': () =>
    "A checksum did not match: check that sip2.encoding is the server's character set, and sip2.checksums.",
  encoding: () =>
    "Some characters could not be read or sent: set sip2.encoding to the server's character set.",
  'institution-id': (value) =>
    `The server calls its institution ${value}: set sip2.institutionId to ${value}.`,
  offline: () =>
    'The server says it is offline: the kiosk offers no check-out or check-in until it is back.',
  'test-card-unknown': () =>
    'The server does not know the test card: set sip2.testCard to a card it knows (and check sip2.institutionId).',
  'empty-pin-refused': () =>
    'The server refuses the test card with an empty PIN (23), though it knows the card (63): if patrons must give a PIN, turn on sip2.patronPin.',
  'no-test-card': () => 'No test card: set sip2.testCard to try the patron requests (63 and 23).',
  'no-test-item': () => 'No test item: set sip2.testItem to try the item request (17).',
  'test-item-unknown': () =>
    'The server does not seem to know the test item: set sip2.testItem to an item it knows.',
  'takes-nothing': () =>
    'The server takes neither check-outs nor check-ins from this kiosk: patrons will be offered nothing. Allow both for this SIP2 account at the server (its status says check-out and check-in N, or BX leaves 11 and 09 out).',
  'idle-drop': (value) =>
    `The server closed a quiet connection after ${value} s, before the kiosk's next status check: set sip2.heartbeatSeconds below ${value}.`,
};

/** What patrons get of one offer, and what said no, in the CLI's words. */
function offerText(offer: Sip2ProbeOffer): string {
  const by = offer.limitedBy.map((source) => (source === 'status' ? 'its status flag' : 'BX'));
  if (by.length > 0) return `no (${by.join(' and ')})`;
  return offer.offered === 'unknown' ? 'not said' : offer.offered;
}

export function sip2ReportText(report: Sip2ProbeReport): string {
  const lines = [
    table([
      ['STEP', 'RESULT', 'DETAIL'],
      ...report.steps.map(({ step, outcome, detail }) => [step, outcome, detail]),
    ]),
  ];
  if (report.acs) {
    const { acs } = report;
    const said = (answer: string) =>
      Object.entries(acs.supported)
        .filter(([, support]) => support === answer)
        .map(([code]) => code)
        .sort((a, b) => Number(a) - Number(b))
        .join(' ') || '-';
    lines.push(
      '',
      `ACS: online ${acs.online}, check-out ${acs.checkOutOk}, check-in ${acs.checkInOk}, renewal ${acs.renewalOk}; institution ${acs.institutionId ?? 'not said'}; library ${acs.libraryName ?? 'not said'}; protocol ${acs.protocolVersion ?? 'not said'}`,
      `Supported (BX): yes ${said('yes')}; no ${said('no')}; not said ${said('not-said')}`,
    );
  }
  if (report.patrons) {
    const { cards, checkOut, checkIn, renewal } = report.patrons;
    lines.push(
      `Patrons get: card look-up ${offerText(cards)}, borrowing ${offerText(checkOut)}, returns ${offerText(checkIn)}, renewals ${offerText(renewal)}`,
    );
  }
  if (report.idle) {
    const { heartbeatSeconds, watchedSeconds, closedAfterSeconds } = report.idle;
    lines.push(
      closedAfterSeconds === undefined
        ? `Idle line: kept open for ${watchedSeconds} s (heartbeat ${heartbeatSeconds} s)`
        : `Idle line: closed by the server after ${closedAfterSeconds} s (heartbeat ${heartbeatSeconds} s)`,
    );
  }
  if (report.framing) {
    lines.push(
      `Framing: terminator ${report.framing.terminator}, checksum ${report.framing.checksum}`,
    );
  }
  if (report.fields.length > 0) {
    lines.push(
      '',
      table([
        ['MESSAGE', 'FIELD', 'ID', 'READ', 'AS'],
        ...report.fields.map(({ message, name, id, status, how }) => [
          message,
          name,
          id || '(fixed)',
          status,
          how ?? '',
        ]),
      ]),
    );
  }
  lines.push(
    '',
    report.hints.length === 0
      ? 'Nothing to fix: the settings match what the server sends.'
      : [
          'To fix:',
          ...report.hints.map(({ hint, value }) => `- ${HINT_TEXT[hint](value ?? '')}`),
        ].join('\n'),
  );
  return lines.join('\n');
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/**
 * The passwords `set-sip2-password` sealed for this server and login, or empty ones: a data folder
 * without keys (or with a key the CLI cannot open) probes with what stdin gives instead.
 */
async function storedPasswords(
  env: Record<string, string | undefined>,
  dataDir: string,
  binding: Sip2Binding,
): Promise<Sip2Passwords> {
  const keys = await openKioskKeys(dataDir, env);
  if (!keys.ok) return { loginPassword: '', terminalPassword: '' };
  const store = createSip2PasswordsFile(fileVaultPaths(dataDir), keys.value.keys.clientSecret);
  return sip2PasswordsFor(store, binding);
}

/**
 * `probe --sip2`: the SIP2 probe with the `sip2.*` settings, each overridable by a flag, and the
 * passwords `set-sip2-password` stored for that server and login; without them, the login password
 * read from stdin (never a flag: it would stay in the shell's history).
 */
export const sip2Probe: Command = async (input) => {
  const { options, positionals } = input.parsed;
  if (positionals.length > 0) return usage(input, SIP2_PROBE_USAGE);
  const loaded = createConfSettingsStore({ env: input.env }).load();
  if (!loaded.ok) {
    input.output.failure('invalid-setting', loaded.error.message);
    return EXIT.usage;
  }
  const saved = loaded.value.sip2;
  const host = text(options.host) ?? saved.host;
  const port = Number(text(options.port) ?? saved.port);
  const terminator = text(options.terminator) ?? saved.terminator;
  const encoding = text(options.encoding) ?? saved.encoding;
  const checksums = text(options.checksums) ?? (saved.checksums ? 'on' : 'off');
  const timeout = Number(text(options['timeout-ms']) ?? saved.requestTimeoutMs);
  if (
    !host ||
    !Number.isInteger(port) ||
    port < 1 ||
    port > 65535 ||
    (terminator !== 'CR' && terminator !== 'CRLF') ||
    !(SIP2_ENCODINGS as readonly string[]).includes(encoding) ||
    (checksums !== 'on' && checksums !== 'off') ||
    !Number.isInteger(timeout) ||
    timeout < 1
  ) {
    return usage(input, `${SIP2_PROBE_USAGE}\n(a host is needed: sip2.host or --host)`);
  }
  const caFile = text(options.ca) ?? saved.tlsCaFile;
  const tlsOn = options.tls === true || saved.tls || caFile !== undefined;
  let ca: string | undefined;
  if (caFile) {
    try {
      ca = await readFile(caFile, 'utf8');
    } catch {
      input.output.failure('usage', `The CA file ${caFile} could not be read.`);
      return EXIT.usage;
    }
  }
  const serverName = text(options['server-name']) ?? saved.tlsServerName;
  const loginUser = text(options.user) ?? saved.loginUser;
  const stored = await storedPasswords(input.env, loaded.value.dataDir, { host, port, loginUser });
  // Without a stored one, the login password is asked for (a server may want none: empty line).
  const loginPassword =
    stored.loginPassword ||
    (loginUser
      ? await readHiddenLine('SIP2 login password: ', process.stdin, input.streams.stderr)
      : '');
  const probeOptions: Sip2ProbeOptions = {
    host,
    port,
    ...(tlsOn ? { tls: { ...(ca ? { ca } : {}), ...(serverName ? { serverName } : {}) } } : {}),
    loginUser,
    loginPassword,
    terminalPassword: stored.terminalPassword,
    locationCode: text(options.location) ?? saved.locationCode,
    institutionId: text(options.institution) ?? saved.institutionId,
    terminator,
    checksums: checksums === 'on',
    encoding: encoding as Sip2Encoding,
    requestTimeoutMs: timeout,
    feeWholeUnits: saved.feeWholeUnits,
    testCard: text(options.card) ?? saved.testCard ?? '',
    testItem: text(options.item) ?? saved.testItem ?? '',
    // Watching a quiet line takes the heartbeat's time: asked for, not by default.
    ...(options['idle-check'] === true ? { idleCheckSeconds: saved.heartbeatSeconds } : {}),
  };
  const report = await runSip2Probe(probeOptions);
  input.output.result(report, () => sip2ReportText(report));
  const failed = report.steps.find(({ outcome }) => outcome === 'failed');
  if (failed?.step === 'connect') return EXIT.unreachable;
  if (failed?.step === 'login') {
    return report.hints.some(({ hint }) => hint === 'login-refused')
      ? EXIT.refused
      : EXIT.unreachable;
  }
  return EXIT.ok;
};
