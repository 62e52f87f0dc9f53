import net from 'node:net';
import tls from 'node:tls';
import { err, ok, type Result } from '../../../src-common/result';
import { networkCode } from '../../library/library-error';
import { lineOf, type AcsLine, type LineAbuse } from './acs-line';
import type { Sip2ClientOptions } from './sip2-types';

/**
 * Opens a line to the ACS: TCP, or TLS with the CA and the server name (the setting's, else the
 * host's when it is a name), given `requestTimeoutMs` to connect; a failure as its network code.
 */
export function dialAcs(
  options: Sip2ClientOptions,
  abused: (why: LineAbuse) => void,
): Promise<Result<AcsLine, string>> {
  const timeoutMs = options.requestTimeoutMs;
  return new Promise((resolve) => {
    const { host, port } = options;
    const socket = options.tls
      ? tls.connect({
          host,
          port,
          ...(options.tls.ca ? { ca: options.tls.ca } : {}),
          ...(options.tls.serverName
            ? { servername: options.tls.serverName }
            : net.isIP(host) === 0
              ? { servername: host }
              : {}),
        })
      : net.connect({ host, port });
    const timer = setTimeout(() => fail(new Error('connect-timeout')), timeoutMs);
    const fail = (error: unknown) => {
      clearTimeout(timer);
      socket.destroy();
      const code = networkCode(error);
      resolve(err(code === 'network-error' && error instanceof Error ? error.message : code));
    };
    socket.once('error', fail);
    socket.once(options.tls ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      socket.off('error', fail);
      resolve(ok(lineOf(socket, abused)));
    });
  });
}
