import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { serviceAddress } from '../auth/token-binding';
import { isLoopbackListenHost } from '../metrics/settings-schema';
import type { SecurityChange } from '../../src-common/ipc/console/security-change';
import { withDefaults, withEnvironment } from './check';
import { parsePublicKey } from './fleet-file';
import type { FixedSetting, StoredSettings } from './resolve';
import { REGISTERED_CLIENT_ID } from './schema';
import type { Settings } from './schema';

type LoweringField = Extract<SecurityChange, { kind: 'lowers-protection' }>['field'];

/**
 * Settings whose change from the kiosk's default opens a way it keeps shut, each with the value
 * that opens it. What else was judged and left out, and why: docs/staff-settings.md.
 */
const LOWERING: Record<LoweringField, { of: (settings: Settings) => string; opens: string }> = {
  // A desktop browser is a way out of the kiosk to the whole desktop.
  signInPresentation: { of: (settings) => settings.signInPresentation, opens: 'system-browser' },
  // An email address is no secret: whoever knows it sees the patron's loans and borrows on them.
  'patron.allowEmail': { of: (settings) => String(settings.patron.allowEmail), opens: 'true' },
  // A slip nobody takes shows the next person the titles and due dates.
  'receipt.unanswered': { of: (settings) => settings.receipt.unanswered, opens: 'print' },
  // Card numbers, PINs and the SIP2 login password would cross the network in clear. (Checksums
  // off is not here: anyone who can change the bytes can compute a checksum; they catch noise.)
  'sip2.tls': { of: (settings) => String(settings.sip2.tls), opens: 'false' },
  // A listener off loopback answers other machines: the kiosk's state to whoever holds the token.
  'metrics.host': { of: (settings) => metricsListener(settings), opens: 'network' },
};

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
 * service address, sign-in server or client, fleet URL or key, and a setting turned to the value
 * that lowers a protection. Turning a protection back on, or an ordinary setting, is not one.
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
  for (const [field, rule] of Object.entries(LOWERING) as [
    LoweringField,
    (typeof LOWERING)[LoweringField],
  ][]) {
    const was = rule.of(before);
    const will = rule.of(after);
    if (was !== will && will === rule.opens) {
      changes.push({ kind: 'lowers-protection', field, from: was, to: will });
    }
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
