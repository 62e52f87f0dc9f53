import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  FLEET_FILE_FORMAT,
  isFleetPublicKey,
  parsePublicKey,
  readFleetFile,
  signFleetFile,
} from '../../../src-main/settings/fleet-file';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const privatePem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const EXPORT = JSON.stringify({ format: 'library-kiosk-settings', version: 1, settings: {} });
const issuedAt = new Date('2026-11-26T03:00:00.000Z');
const good = signFleetFile(EXPORT, { version: 7, issuedAt, privateKeyPem: privatePem });

function envelope(signed: string, signature: string, format = FLEET_FILE_FORMAT) {
  return JSON.stringify({ format, signed, signature });
}
// A validly signed envelope over any `signed` text (to reach the checks after the signature).
function signedEnvelope(signed: string) {
  const signature = sign(null, Buffer.from(signed), privateKey).toString('base64');
  return envelope(signed, signature);
}

describe('readFleetFile', () => {
  it.each([
    ['a good file', good, { ok: true }],
    ['not JSON', 'nope', { ok: false, error: 'not-a-fleet-file' }],
    ['a plain export', EXPORT, { ok: false, error: 'not-a-fleet-file' }],
    ['another format', envelope('{}', 'AA==', 'other/1'), { ok: false, error: 'not-a-fleet-file' }],
    ['no signature', envelope('{}', ''), { ok: false, error: 'not-a-fleet-file' }],
    ['a wrong signature', envelope('{}', 'AAAA'), { ok: false, error: 'bad-signature' }],
    ['signed text not JSON', signedEnvelope('x'), { ok: false, error: 'not-a-fleet-file' }],
    ['no settings', signedEnvelope('{"version":1}'), { ok: false, error: 'not-a-fleet-file' }],
    ['no version', signedEnvelope('{"settings":{}}'), { ok: false, error: 'no-version' }],
    [
      'version 0',
      signedEnvelope('{"version":0,"settings":{}}'),
      { ok: false, error: 'no-version' },
    ],
    [
      'version 1.5',
      signedEnvelope('{"version":1.5,"settings":{}}'),
      { ok: false, error: 'no-version' },
    ],
  ])('%s', (_name, text, expected) => {
    expect(readFleetFile(text, publicKey)).toMatchObject(expected);
  });

  it('gives the version, issue time, the export text and the signed text of a good file', () => {
    expect(readFleetFile(good, publicKey)).toEqual({
      ok: true,
      value: {
        allow: [],
        version: 7,
        issuedAt: '2026-11-26T03:00:00.000Z',
        exportText: EXPORT,
        signedText: (JSON.parse(good) as { signed: string }).signed,
      },
    });
  });

  it('refuses every single changed character of the signed text', () => {
    const file = JSON.parse(good) as { signed: string; signature: string };
    for (let at = 0; at < file.signed.length; at += 1) {
      const changed = `${file.signed.slice(0, at)}${file.signed[at] === '1' ? '2' : '1'}${file.signed.slice(at + 1)}`;
      expect(readFleetFile(envelope(changed, file.signature), publicKey)).toMatchObject({
        ok: false,
      });
    }
  });
});

describe('parsePublicKey', () => {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey;
  it.each([
    ['PEM', publicKey.export({ format: 'pem', type: 'spki' }).toString(), true],
    ['base64 SPKI', publicKey.export({ format: 'der', type: 'spki' }).toString('base64'), true],
    ['an RSA key', rsa.export({ format: 'pem', type: 'spki' }).toString(), false],
    ['garbage', 'not a key', false],
    ['empty', '', false],
  ])('%s', (_name, text, usable) => {
    expect(parsePublicKey(text).ok).toBe(usable);
    expect(isFleetPublicKey(text)).toBe(usable);
  });
});

describe('signFleetFile', () => {
  it('refuses a key that is not Ed25519', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    const pem = rsa.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => signFleetFile(EXPORT, { version: 1, issuedAt, privateKeyPem: pem })).toThrow(
      'the key is not an Ed25519 private key',
    );
  });
});
