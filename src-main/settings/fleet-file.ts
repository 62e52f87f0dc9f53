import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { SecurityFieldSchema } from '../../src-common/ipc/console/security-change';
import type { SecurityField } from '../../src-common/ipc/console/security-change';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';

/**
 * Signed fleet settings files (docs/operations.md, "Fleet settings"): an export document
 * (transfer.ts) with a version that must rise, signed with Ed25519 by a key staff keep off the
 * kiosks. The signature is over the exact UTF-8 bytes of `signed`, a JSON text carried as a string,
 * so that no re-serialisation can change what was signed:
 *
 * { "format": "library-kiosk-fleet-settings/1",
 *   "signed": "{\"version\":3,\"issuedAt\":\"...\",\"settings\":{<export document>},
 *              \"policy\":{\"allow\":[\"sip2.patronPin\"]}}",
 *   "signature": "<base64 Ed25519 signature of the bytes of signed>" }
 *
 * `policy.allow` (optional) names the changes needing staff's own confirmation at a kiosk (a new
 * address, a lowered protection: security-change.ts) that this file may make without it; signed
 * with the settings, so nobody can add a name to a file. A change it does not name is refused.
 */
export const FLEET_FILE_FORMAT = 'library-kiosk-fleet-settings/1';

/** Why a fleet file is refused before its settings are looked at. */
export type FleetFileProblem =
  | 'not-a-fleet-file'
  | 'bad-signature'
  | 'no-version'
  | 'bad-public-key'
  /** Its policy is not a list of change names this kiosk knows. */
  | 'bad-policy';

export interface FleetDocument {
  version: number;
  issuedAt: string;
  /** The export document's text (transfer.ts reads it). */
  exportText: string;
  /** The signed text itself, exactly as signed: what tells one file of a version from another. */
  signedText: string;
  /** The changes the fleet's policy lets this file make without staff's confirmation. */
  allow: SecurityField[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A public key from settings: PEM, or the base64 of its DER SPKI (what fleet-key prints). */
export function parsePublicKey(text: string): Result<KeyObject, 'bad-public-key'> {
  try {
    const trimmed = text.trim();
    const key = trimmed.startsWith('-----BEGIN')
      ? createPublicKey(trimmed)
      : createPublicKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ed25519' ? ok(key) : err('bad-public-key');
  } catch {
    return err('bad-public-key');
  }
}

/** Whether a text is a usable Ed25519 public key (the settings schema's check). */
export function isFleetPublicKey(text: string): boolean {
  return parsePublicKey(text).ok;
}

/**
 * The fleet file's text: `exportText` wrapped with its version (and the policy's allowed changes,
 * if any) and signed with `privateKeyPem`.
 */
export function signFleetFile(
  exportText: string,
  meta: {
    version: number;
    issuedAt: Date;
    privateKeyPem: string;
    allow?: readonly SecurityField[];
  },
): string {
  const key = createPrivateKey(meta.privateKeyPem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the key is not an Ed25519 private key');
  const allow = [...new Set(meta.allow ?? [])];
  const signed = JSON.stringify({
    version: meta.version,
    issuedAt: meta.issuedAt.toISOString(),
    settings: JSON.parse(exportText) as unknown,
    ...(allow.length > 0 ? { policy: { allow } } : {}),
  });
  const signature = sign(null, Buffer.from(signed, 'utf8'), key).toString('base64');
  return `${JSON.stringify({ format: FLEET_FILE_FORMAT, signed, signature }, null, 2)}\n`;
}

/**
 * A fleet file's text, its signature checked with `publicKey`: the version, issue time and the
 * export document's text, or why it is refused. The export itself is transfer.ts's to read.
 */
export function readFleetFile(
  text: string,
  publicKey: KeyObject,
): Result<FleetDocument, FleetFileProblem> {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    return err('not-a-fleet-file');
  }
  if (
    !isObject(file) ||
    file.format !== FLEET_FILE_FORMAT ||
    typeof file.signed !== 'string' ||
    typeof file.signature !== 'string' ||
    file.signature === ''
  ) {
    return err('not-a-fleet-file');
  }
  const signature = Buffer.from(file.signature, 'base64');
  let good: boolean;
  try {
    good = verify(null, Buffer.from(file.signed, 'utf8'), publicKey, signature);
  } catch {
    good = false;
  }
  if (!good) return err('bad-signature');
  let signed: unknown;
  try {
    signed = JSON.parse(file.signed);
  } catch {
    return err('not-a-fleet-file');
  }
  if (!isObject(signed) || !isObject(signed.settings)) return err('not-a-fleet-file');
  const { version, issuedAt } = signed;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
    return err('no-version');
  }
  const allow = readPolicy(signed.policy);
  if (!allow) return err('bad-policy');
  return ok({
    version,
    issuedAt: typeof issuedAt === 'string' ? issuedAt : '',
    exportText: JSON.stringify(signed.settings),
    signedText: file.signed,
    allow,
  });
}

/** The policy's allowed changes (none without a policy), or undefined for one this kiosk cannot read. */
function readPolicy(policy: unknown): SecurityField[] | undefined {
  if (policy === undefined) return [];
  if (!isObject(policy) || !Array.isArray(policy.allow)) return undefined;
  const names = SecurityFieldSchema.array().safeParse(policy.allow);
  return names.success ? names.data : undefined;
}
