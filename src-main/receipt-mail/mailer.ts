import { readFile } from 'node:fs/promises';
import nodemailer from 'nodemailer';
import { createLogger } from '../../src-shared/log/logger';
import type { Logger } from '../../src-shared/log/logger';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import type { ReceiptEmailSettings } from './settings-schema';

/** One receipt: to the member record's address, in the words of the printed slip. */
export interface ReceiptMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Why a receipt was not sent, as staff need it in the log; the patron is told only that it was
 * not sent. `login`: the relay refused the kiosk's login; `tls`: no trusted encrypted connection
 * (a certificate the kiosk does not trust, or a relay that does not offer STARTTLS);
 * `refused`: the relay refused the sender, the address or the message.
 */
export type ReceiptMailFailure = 'unreachable' | 'timeout' | 'tls' | 'login' | 'refused';

export interface ReceiptMailer {
  send(mail: ReceiptMail): Promise<Result<void, ReceiptMailFailure>>;
}

export interface ReceiptMailerOptions {
  settings: ReceiptEmailSettings;
  /** The relay's password, sealed in the vault (undefined: none is stored for this relay). */
  password(): Promise<string | undefined>;
  log?: Logger;
}

/** Certificate errors Node's TLS names, and nodemailer's own for a failed upgrade. */
const TLS_CODES = new Set([
  'ETLS',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'EPROTO',
]);

interface MailError {
  code?: string;
  /** nodemailer keeps the socket's own code here (a certificate error's, say). */
  originalCode?: string;
  responseCode?: number;
  command?: string;
  cause?: unknown;
}

function failureOf(error: MailError): ReceiptMailFailure {
  const code = error.code ?? '';
  const inner = error.originalCode ?? (error.cause as MailError | undefined)?.code ?? '';
  if (code === 'EAUTH' || code === 'ENOAUTH') return 'login';
  if (TLS_CODES.has(code) || TLS_CODES.has(inner)) return 'tls';
  // nodemailer's requireTLS on a relay that does not offer STARTTLS.
  if (error.command === 'STARTTLS' || /STARTTLS/i.test(String((error as Error).message))) {
    return 'tls';
  }
  if (code === 'ETIMEDOUT' || code === 'EABORT') return 'timeout';
  if (code === 'ECONNECTION' || code === 'ESOCKET' || code === 'EDNS') return 'unreachable';
  return 'refused';
}

async function caOf(file: string | undefined, log: Logger): Promise<string | undefined> {
  if (!file) return undefined;
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    // The system's authorities stand in: a relay they do not vouch for is refused, and logged so.
    log.error('the SMTP relay CA file could not be read; trusting the system authorities', {
      file,
      code: (error as NodeJS.ErrnoException).code ?? 'unknown',
    });
    return undefined;
  }
}

/**
 * Sends receipts through the library's SMTP relay with nodemailer, one connection per receipt
 * (a kiosk sends a few an hour), always encrypted: TLS from the first byte (`implicit`), or a
 * STARTTLS upgrade the relay must offer (`starttls`, nodemailer's requireTLS), the certificate
 * checked against the system's authorities or `tlsCaFile`. Neither the address nor the
 * password is ever logged; a failure is logged by its SMTP code and command only.
 */
export function createReceiptMailer(options: ReceiptMailerOptions): ReceiptMailer {
  const { settings } = options;
  const log = options.log ?? createLogger('receipt-mail');
  return {
    async send(mail) {
      const [password, ca] = await Promise.all([
        settings.user ? options.password() : Promise.resolve(undefined),
        caOf(settings.tlsCaFile, log),
      ]);
      const transport = nodemailer.createTransport({
        host: settings.host,
        port: settings.port,
        secure: settings.tls === 'implicit',
        requireTLS: settings.tls === 'starttls',
        ...(settings.user ? { auth: { user: settings.user, pass: password ?? '' } } : {}),
        connectionTimeout: settings.timeoutMs,
        greetingTimeout: settings.timeoutMs,
        socketTimeout: settings.timeoutMs,
        tls: {
          minVersion: 'TLSv1.2',
          rejectUnauthorized: true,
          ...(ca ? { ca } : {}),
          ...(settings.tlsServerName ? { servername: settings.tlsServerName } : {}),
        },
        // Only the text given here goes out: no file or URL a message could name is read.
        disableFileAccess: true,
        disableUrlAccess: true,
        logger: false,
      });
      try {
        await transport.sendMail({
          from: settings.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          // RFC 3834: an automatic message, so no out-of-office reply comes back to the library.
          headers: { 'Auto-Submitted': 'auto-generated' },
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
        log.info('a receipt was e-mailed');
        return ok(undefined);
      } catch (error) {
        const failure = failureOf(error as MailError);
        const { code, originalCode, responseCode, command } = error as MailError;
        log.warn('a receipt could not be e-mailed', {
          failure,
          code,
          originalCode,
          responseCode,
          command,
        });
        return err(failure);
      } finally {
        transport.close();
      }
    },
  };
}
