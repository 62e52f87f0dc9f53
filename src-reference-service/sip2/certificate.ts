import { X509Certificate } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../../src-shared/log/logger';

/** The listener's TLS certificate and key, made for one data folder and kept in it. */
export const SIP2_TLS_DIR = 'sip2-tls';
const CERTIFICATE_FILE = 'certificate.pem';
const KEY_FILE = 'key.pem';

const DAY_MS = 86_400_000;
const LIFETIME_DAYS = 397;
/** A certificate this close to its end is made again at start, before a client refuses it. */
const RENEW_BEFORE_DAYS = 30;

export interface TlsIdentity {
  /** PEM; also the CA a client trusts, as the certificate is self-signed. */
  certificate: string;
  key: string;
}

function usable(certificate: string, now: Date): boolean {
  try {
    const parsed = new X509Certificate(certificate);
    return Date.parse(parsed.validTo) - now.getTime() > RENEW_BEFORE_DAYS * DAY_MS;
  } catch {
    return false;
  }
}

/** Written beside the target, 0600, then renamed in: never half a file, never open to others. */
function writePrivately(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  writeFileSync(temporary, text, { mode: 0o600, flag: 'wx' });
  renameSync(temporary, file);
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost (the listener binds loopback only),
 * made with `selfsigned` (an EC P-256 key, SHA-256) on the first TLS start of a data folder and
 * kept in `<dataDir>/sip2-tls/` (the key 0600). Made again when missing, unreadable, near its end,
 * or when the key file is open to other users (whoever read it could pose as the listener).
 */
export async function loadTlsIdentity(
  dataDir: string,
  log: Logger,
  now: Date = new Date(),
): Promise<TlsIdentity> {
  const dir = join(dataDir, SIP2_TLS_DIR);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const certificateFile = join(dir, CERTIFICATE_FILE);
  const keyFile = join(dir, KEY_FILE);
  const keyStat = lstatSync(keyFile, { throwIfNoEntry: false });
  const exposed =
    process.platform !== 'win32' && keyStat !== undefined && (keyStat.mode & 0o077) !== 0;
  if (keyStat?.isFile() && !exposed) {
    try {
      const certificate = readFileSync(certificateFile, 'utf8');
      if (usable(certificate, now)) return { certificate, key: readFileSync(keyFile, 'utf8') };
    } catch {
      // Missing or unreadable: made again below.
    }
  }
  // Loaded only here: a service without TLS (the kiosk's embedded one, mostly) never loads it.
  const { generate } = await import('selfsigned');
  const made = await generate(
    [{ name: 'commonName', value: 'Library Kiosk reference SIP2 listener' }],
    {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      notBeforeDate: new Date(now.getTime() - DAY_MS),
      notAfterDate: new Date(now.getTime() + LIFETIME_DAYS * DAY_MS),
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, critical: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: [
            { type: 7, ip: '127.0.0.1' },
            { type: 2, value: 'localhost' },
          ],
        },
      ],
    },
  );
  writePrivately(keyFile, made.private);
  writePrivately(certificateFile, made.cert);
  log.info('SIP2 TLS certificate made', { dir, exposedKeyReplaced: exposed });
  return { certificate: made.cert, key: made.private };
}
