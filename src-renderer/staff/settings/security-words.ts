import type { SecurityChange } from '../../../src-common/ipc/console/security-change';
import type { MessageKey, Translate } from '../../i18n/message-key';

/** The screen's translator (i18n's `t`), passed in so the words are tested without a screen. */

type Address = Extract<SecurityChange, { kind: 'service-address' }>;
type Lowering = Extract<SecurityChange, { kind: 'lowers-protection' }>;

const ADDRESS_KEYS = {
  'service.baseUrl': 'settingsScreen.security.address.baseUrl',
  'service.authUrl': 'settingsScreen.security.address.authUrl',
  'service.clientId': 'settingsScreen.security.address.clientId',
  'sip2.address': 'settingsScreen.security.address.sip2',
  'receipt.email.relay': 'settingsScreen.security.address.emailRelay',
  'fleet.url': 'settingsScreen.security.address.fleetUrl',
  'fleet.publicKey': 'settingsScreen.security.address.fleetKey',
} as const satisfies Record<Address['field'], MessageKey>;

/** A lowering's values in words: a message key's words, or the value itself (a file, a name). */
type ValueWords = (value: string | null, t: Translate) => string;

const onOff: ValueWords = (value, t) =>
  t(value === 'true' ? 'settingsScreen.value.on' : 'settingsScreen.value.off');
/** A file or a name as it is, or what its absence means. */
const orElse =
  (absent: MessageKey): ValueWords =>
  (value, t) =>
    value ?? t(absent);

/** Each lowered protection: the field's label, its values in staff's words, and why it matters. */
const LOWERING_WORDS = {
  'patron.allowEmail': {
    label: 'settingsScreen.field.patron.allowEmail',
    value: onOff,
    why: 'settingsScreen.security.why.patron.allowEmail',
  },
  signInPresentation: {
    label: 'settingsScreen.field.signInPresentation',
    value: (value, t) =>
      t(
        value === 'system-browser'
          ? 'settingsScreen.option.signInPresentation.system-browser'
          : 'settingsScreen.option.signInPresentation.auth-window',
      ),
    why: 'settingsScreen.security.why.signInPresentation',
  },
  'receipt.unanswered': {
    label: 'settingsScreen.field.receipt.unanswered',
    value: (value, t) =>
      t(
        value === 'print'
          ? 'settingsScreen.option.receipt.unanswered.print'
          : 'settingsScreen.option.receipt.unanswered.none',
      ),
    why: 'settingsScreen.security.why.receipt.unanswered',
  },
  'sip2.tls': {
    label: 'settingsScreen.security.sip2Tls.label',
    // `tls`, `this-computer`, or the server reached in clear (security-change.ts).
    value: (value, t) =>
      value === 'tls'
        ? t('settingsScreen.security.sip2Tls.tls')
        : value === 'this-computer' || value === null
          ? t('settingsScreen.security.sip2Tls.thisComputer')
          : t('settingsScreen.security.sip2Tls.clear', { server: value }),
    why: 'settingsScreen.security.why.sip2.tls',
  },
  'sip2.patronPin': {
    label: 'settingsScreen.field.sip2.patronPin',
    value: onOff,
    why: 'settingsScreen.security.why.sip2.patronPin',
  },
  'sip2.tlsCaFile': {
    label: 'settingsScreen.field.sip2.tlsCaFile',
    value: orElse('settingsScreen.security.systemCas'),
    why: 'settingsScreen.security.why.sip2.tlsCaFile',
  },
  'sip2.tlsServerName': {
    label: 'settingsScreen.field.sip2.tlsServerName',
    value: orElse('settingsScreen.security.serverOwnName'),
    why: 'settingsScreen.security.why.sip2.tlsServerName',
  },
  'receipt.email.tlsCaFile': {
    label: 'settingsScreen.security.emailRelay.tlsCaFile',
    value: orElse('settingsScreen.security.systemCas'),
    why: 'settingsScreen.security.why.receipt.emailTlsCaFile',
  },
  'receipt.email.tlsServerName': {
    label: 'settingsScreen.security.emailRelay.tlsServerName',
    value: orElse('settingsScreen.security.serverOwnName'),
    why: 'settingsScreen.security.why.receipt.emailTlsServerName',
  },
  'metrics.host': {
    label: 'settingsScreen.security.metrics.label',
    value: (value, t) =>
      t(
        value === 'network'
          ? 'settingsScreen.security.metrics.network'
          : value === 'loopback'
            ? 'settingsScreen.security.metrics.loopback'
            : 'settingsScreen.security.metrics.off',
      ),
    why: 'settingsScreen.security.why.metrics.host',
  },
  'metrics.bearerTokenSha256': {
    label: 'settingsScreen.security.metricsToken.label',
    // The first hex digits of the token's SHA-256, never the token (security-changes.ts).
    value: (value, t) =>
      value === null
        ? t('settingsScreen.security.metricsToken.none')
        : t('settingsScreen.security.metricsToken.value', { fingerprint: value }),
    why: 'settingsScreen.security.why.metrics.bearerTokenSha256',
  },
  'metrics.tlsClientCaFile': {
    label: 'settingsScreen.security.metricsClientCa.label',
    value: orElse('settingsScreen.security.none'),
    why: 'settingsScreen.security.why.metrics.tlsClientCaFile',
  },
} as const satisfies Record<
  Lowering['field'],
  { label: MessageKey; value: ValueWords; why: MessageKey }
>;

/**
 * Two addresses as staff compare them: by host (`library.example.org`), or whole when the host
 * stays and only the path moves; the built-in service by name, no fleet URL or key as none.
 */
function addressPair(change: Address, t: Translate): { from: string; to: string } {
  if (change.field === 'sip2.address') {
    const listener = t('settingsScreen.security.builtInSip2');
    return { from: change.from ?? listener, to: change.to ?? listener };
  }
  if (change.field === 'receipt.email.relay') {
    const none = t('settingsScreen.security.noEmailRelay');
    return { from: change.from ?? none, to: change.to ?? none };
  }
  if (change.field === 'fleet.publicKey') {
    // Fingerprints (security-changes.ts): a whole key is too long to compare by eye.
    const none = t('settingsScreen.security.none');
    return { from: change.from ?? none, to: change.to ?? none };
  }
  const builtIn =
    change.field === 'fleet.url'
      ? t('settingsScreen.security.none')
      : t('settingsScreen.security.builtIn');
  if (change.field === 'service.clientId') {
    return { from: change.from ?? builtIn, to: change.to ?? builtIn };
  }
  const host = (url: string) => (URL.canParse(url) ? new URL(url).host : url);
  const sameHost =
    change.from !== null && change.to !== null && host(change.from) === host(change.to);
  const shown = (url: string | null) => (url === null ? builtIn : sameHost ? url : host(url));
  return { from: shown(change.from), to: shown(change.to) };
}

/** One change staff must confirm, in a sentence: what changes, old → new, and why it matters. */
export function securityLine(change: SecurityChange, t: Translate): string {
  if (change.kind === 'service-address') {
    return t(ADDRESS_KEYS[change.field], addressPair(change, t));
  }
  const words: { label: MessageKey; value: ValueWords; why: MessageKey } =
    LOWERING_WORDS[change.field];
  return t('settingsScreen.security.lowers', {
    label: t(words.label),
    from: words.value(change.from, t),
    to: words.value(change.to, t),
    why: t(words.why),
  });
}
