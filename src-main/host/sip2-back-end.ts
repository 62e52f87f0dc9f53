import { readFile } from 'node:fs/promises';
import { createLogger } from '../../src-shared/log/logger';
import type { RunningSip2 } from '../../src-reference-service/index';
import type { Sip2ClientOptions } from '../library-client/sip2/sip2-types';
import type { Settings } from '../settings/schema';
import { sip2PasswordsFor } from '../vault/sip2-passwords';
import type { Sip2PasswordStore } from '../vault/sip2-passwords';

const log = createLogger('sip2:back-end');

/** The patron flow goes over SIP2 to the embedded reference service's listener. */
export function usesEmbeddedSip2(settings: Settings): boolean {
  return settings.patron.backEnd === 'sip2' && settings.sip2.host === '';
}

/**
 * The SIP2 client's options from the `sip2.*` settings: the configured server with the passwords
 * sealed for it (none stored: empty ones), or the embedded listener with its own login.
 */
export async function sip2ClientOptions(
  settings: Settings,
  where: { embedded: RunningSip2 } | { passwords?: Sip2PasswordStore | undefined },
): Promise<Omit<Sip2ClientOptions, 'log'>> {
  const { sip2 } = settings;
  const framing = {
    locationCode: sip2.locationCode,
    terminator: sip2.terminator,
    checksums: sip2.checksums,
    requestTimeoutMs: sip2.requestTimeoutMs,
    retries: sip2.retries,
    feeWholeUnits: sip2.feeWholeUnits,
    patronPin: sip2.patronPin,
  } as const;
  if ('embedded' in where) {
    const listener = where.embedded;
    return {
      ...framing,
      host: listener.host,
      port: listener.port,
      ...(listener.tls ? { tls: { ca: listener.tls.ca } } : {}),
      loginUser: listener.loginUser,
      loginPassword: listener.loginPassword,
      terminalPassword: '',
      institutionId: listener.institutionId,
      encoding: listener.encoding,
    };
  }
  const passwords = where.passwords
    ? await sip2PasswordsFor(where.passwords, {
        host: sip2.host,
        port: sip2.port,
        loginUser: sip2.loginUser,
      })
    : { loginPassword: '', terminalPassword: '' };
  return {
    ...framing,
    host: sip2.host,
    port: sip2.port,
    ...(sip2.tls ? { tls: await tlsOptions(sip2.tlsCaFile, sip2.tlsServerName) } : {}),
    loginUser: sip2.loginUser,
    ...passwords,
    institutionId: sip2.institutionId,
    encoding: sip2.encoding,
  };
}

async function tlsOptions(
  caFile: string | undefined,
  serverName: string | undefined,
): Promise<NonNullable<Sip2ClientOptions['tls']>> {
  let ca: string | undefined;
  if (caFile) {
    try {
      ca = await readFile(caFile, 'utf8');
    } catch (error) {
      // The system's authorities stand in: a server they do not vouch for is refused, and the
      // probe (diagnostics, probe --sip2) names the certificate as what to fix.
      log.error('the SIP2 CA file could not be read; trusting the system authorities', {
        file: caFile,
        code: (error as NodeJS.ErrnoException).code ?? 'unknown',
      });
    }
  }
  return { ...(ca ? { ca } : {}), ...(serverName ? { serverName } : {}) };
}
