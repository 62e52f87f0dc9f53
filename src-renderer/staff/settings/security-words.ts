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
  'fleet.url': 'settingsScreen.security.address.fleetUrl',
  'fleet.publicKey': 'settingsScreen.security.address.fleetKey',
} as const satisfies Record<Address['field'], MessageKey>;

/** Each lowered protection: the field's label, its values in the form's words, and why it matters. */
const LOWERING_WORDS = {
  'patron.allowEmail': {
    label: 'settingsScreen.field.patron.allowEmail',
    value: (value) => (value === 'true' ? 'settingsScreen.value.on' : 'settingsScreen.value.off'),
    why: 'settingsScreen.security.why.patron.allowEmail',
  },
  signInPresentation: {
    label: 'settingsScreen.field.signInPresentation',
    value: (value) =>
      value === 'system-browser'
        ? 'settingsScreen.option.signInPresentation.system-browser'
        : 'settingsScreen.option.signInPresentation.auth-window',
    why: 'settingsScreen.security.why.signInPresentation',
  },
  'receipt.unanswered': {
    label: 'settingsScreen.field.receipt.unanswered',
    value: (value) =>
      value === 'print'
        ? 'settingsScreen.option.receipt.unanswered.print'
        : 'settingsScreen.option.receipt.unanswered.none',
    why: 'settingsScreen.security.why.receipt.unanswered',
  },
  'sip2.tls': {
    label: 'settingsScreen.field.sip2.tls',
    value: (value) => (value === 'true' ? 'settingsScreen.value.on' : 'settingsScreen.value.off'),
    why: 'settingsScreen.security.why.sip2.tls',
  },
  'metrics.host': {
    label: 'settingsScreen.security.metrics.label',
    value: (value) =>
      value === 'network'
        ? 'settingsScreen.security.metrics.network'
        : value === 'loopback'
          ? 'settingsScreen.security.metrics.loopback'
          : 'settingsScreen.security.metrics.off',
    why: 'settingsScreen.security.why.metrics.host',
  },
} as const satisfies Record<
  Lowering['field'],
  { label: MessageKey; value: (value: string) => MessageKey; why: MessageKey }
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
  const words = LOWERING_WORDS[change.field];
  return t('settingsScreen.security.lowers', {
    label: t(words.label),
    from: t(words.value(change.from)),
    to: t(words.value(change.to)),
    why: t(words.why),
  });
}
