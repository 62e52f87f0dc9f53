import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { serviceAddress } from '../library/connection';
import { isLoopbackListenHost } from '../metrics/settings-schema';
import type { LoweringField, SecurityChange } from '../../src-common/ipc/console/security-change';
import { isLoopbackHost } from '../../src-shared/loopback';
import { withDefaults, withEnvironment } from './check';
import { parsePublicKey } from './fleet-file';
import type { FixedSetting, StoredSettings } from './resolve';
import { REGISTERED_CLIENT_ID } from './schema';
import type { Settings } from './schema';

/** A protection's state as the core compares it (`null`: none set), and when a change lowers it. */
interface LoweringRule {
  of(settings: Settings): string | null;
  /** `after`: the settings the change makes, for a rule that depends on another setting. */
  lowers(was: string | null, will: string | null, after: Settings): boolean;
  /** What staff are shown of a state, where it is not the state itself (a token's hash). */
  shown?(value: string | null): string | null;
}

/** Lowered when the setting becomes the one value that opens the way. */
const becomes = (opens: string) => (was: string | null, will: string | null) =>
  was !== will && will === opens;
/** Lowered by any change: whose certificate or name is trusted. */
const anyChange = (was: string | null, will: string | null) => was !== will;
/**
 * A scrape credential: lowered when it is replaced (someone else's), or taken away while the
 * listener answers the network (the other credential alone then admits a scraper); setting the
 * first one is not, nor removing one from a listener that is off or on loopback.
 */
const credentialLowered = (was: string | null, will: string | null, after: Settings) =>
  was !== null && was !== will && (will !== null || metricsListener(after) === 'network');

/**
 * How each lowering is found; the settings that make each one are in setting-classes.ts, and why
 * each matters in docs/security.md. What else was judged and left out, and why, is there too.
 */
const LOWERING: Record<LoweringField, LoweringRule> = {
  // A desktop browser is a way out of the kiosk to the whole desktop.
  signInPresentation: { of: (s) => s.signInPresentation, lowers: becomes('system-browser') },
  // An email address is no secret: whoever knows it sees the patron's loans and borrows on them.
  'patron.allowEmail': { of: (s) => String(s.patron.allowEmail), lowers: becomes('true') },
  // A slip nobody takes shows the next person the titles and due dates.
  'receipt.unanswered': { of: (s) => s.receipt.unanswered, lowers: becomes('print') },
  // Card numbers, PINs and the SIP2 login password cross the network in clear: asked again for
  // each new server reached so. (Checksums off is not here: anyone who can change the bytes can
  // compute a checksum; they catch noise.)
  'sip2.tls': {
    of: sip2Transport,
    lowers: (was, will) => will !== 'tls' && will !== 'this-computer' && was !== will,
  },
  // Anyone holding the card borrows on it.
  'sip2.patronPin': { of: (s) => String(s.sip2.patronPin), lowers: becomes('false') },
  // Whose certificates, for which name, stand for the SIP2 server.
  'sip2.tlsCaFile': { of: (s) => s.sip2.tlsCaFile ?? null, lowers: anyChange },
  'sip2.tlsServerName': { of: (s) => s.sip2.tlsServerName ?? null, lowers: anyChange },
  // The same for the SMTP relay that receives patrons' names, loans and e-mail addresses.
  'receipt.email.tlsCaFile': { of: (s) => s.receipt.email.tlsCaFile ?? null, lowers: anyChange },
  'receipt.email.tlsServerName': {
    of: (s) => s.receipt.email.tlsServerName ?? null,
    lowers: anyChange,
  },
  // A listener off loopback answers other machines: the kiosk's state to whoever holds the token.
  'metrics.host': { of: metricsListener, lowers: becomes('network') },
  // Whoever holds the new token (or any scraper, with none) reads the metrics.
  'metrics.bearerTokenSha256': {
    of: (s) => s.metrics.bearerTokenSha256 ?? null,
    lowers: credentialLowered,
    shown: (hash) => hash?.slice(0, 8) ?? null,
  },
  'metrics.tlsClientCaFile': {
    of: (s) => s.metrics.tlsClientCaFile ?? null,
    lowers: credentialLowered,
  },
};

/**
 * How the SIP2 connection goes: `tls`, `this-computer` (TLS off to the built-in listener or a
 * server on this machine), or the `host:port` of a server across the network reached in clear.
 */
function sip2Transport(settings: Settings): string {
  const { host, port, tls } = settings.sip2;
  if (tls) return 'tls';
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return host === '' || isLoopbackHost(bracketed) ? 'this-computer' : `${host}:${port}`;
}

function metricsListener(settings: Settings): 'off' | 'loopback' | 'network' {
  const { enabled, host } = settings.metrics;
  if (!enabled) return 'off';
  return isLoopbackListenHost(host) ? 'loopback' : 'network';
}

/**
 * The fleet key as staff can compare it: the first 16 hex digits of its SPKI's SHA-256, so the
 * same key written as PEM or as base64 is one key.
 */
function keyFingerprint(text: string | undefined): string | null {
  if (text === undefined) return null;
  const key = parsePublicKey(text);
  if (!key.ok) return null;
  const der = key.value.export({ format: 'der', type: 'spki' });
  return createHash('sha256').update(der).digest('hex').slice(0, 16);
}

function emailRelay(settings: Settings): string | null {
  const { enabled, host, port } = settings.receipt.email;
  return enabled && host ? `${host}:${port}` : null;
}

/**
 * Where tokens and barcodes go (`null` is the built-in service, which the kiosk starts itself),
 * and where the kiosk's settings come from.
 */
function addresses(settings: Settings) {
  const { baseUrl, authUrl, clientId } = settings.service;
  const base = baseUrl === undefined ? null : serviceAddress(baseUrl);
  const auth = authUrl ?? baseUrl;
  return {
    'service.baseUrl': base,
    'service.authUrl': auth === undefined ? null : serviceAddress(auth),
    // The built-in service registers the kiosk's usual client (service/connection.ts).
    'service.clientId': baseUrl === undefined ? REGISTERED_CLIENT_ID : clientId,
    // Where the SIP2 back end sends cards, items and PINs; `null`: the built-in listener.
    'sip2.address': settings.sip2.host ? `${settings.sip2.host}:${settings.sip2.port}` : null,
    // Where e-mailed receipts (a patron's name, loans and address) go; `null`: none are sent.
    'receipt.email.relay': emailRelay(settings),
    // Whose signed files decide every later ordinary setting; `null`: no fleet settings.
    'fleet.url': settings.fleet.url ?? null,
    'fleet.publicKey': keyFingerprint(settings.fleet.publicKey),
  } as const;
}

function effective(document: StoredSettings, fixed: readonly FixedSetting[]): Settings {
  // A document the schema refuses is not saved anyway; its defaults stand in for comparison.
  return (
    withDefaults(withEnvironment(document, fixed) as StoredSettings) ??
    (withDefaults({}) as Settings)
  );
}

/**
 * The changes from `current` to `next` (stored documents; the environment's values applied to
 * both, so a setting a variable fixes never counts) that staff must confirm on their own: a new
 * service address, sign-in server or client, SIP2 server, fleet URL or key, and each lowered
 * protection (LOWERING above). Turning a protection back on, or an ordinary setting, is not one.
 */
export function securityChanges(
  current: StoredSettings,
  next: StoredSettings,
  fixed: readonly FixedSetting[] = [],
): SecurityChange[] {
  const before = effective(current, fixed);
  const after = effective(next, fixed);
  const changes: SecurityChange[] = [];
  const from = addresses(before);
  const to = addresses(after);
  for (const field of Object.keys(from) as (keyof typeof from)[]) {
    if (from[field] !== to[field]) {
      changes.push({ kind: 'service-address', field, from: from[field], to: to[field] });
    }
  }
  for (const [field, rule] of Object.entries(LOWERING) as [LoweringField, LoweringRule][]) {
    const was = rule.of(before);
    const will = rule.of(after);
    if (!rule.lowers(was, will, after)) continue;
    const shown = rule.shown ?? ((value: string | null) => value);
    changes.push({ kind: 'lowers-protection', field, from: shown(was), to: shown(will) });
  }
  return changes;
}

/** The changes of `required` that staff did not confirm (the same change, value for value). */
export function unconfirmed(
  required: readonly SecurityChange[],
  confirmed: readonly SecurityChange[],
): SecurityChange[] {
  return required.filter((change) => !confirmed.some((seen) => isDeepStrictEqual(seen, change)));
}
