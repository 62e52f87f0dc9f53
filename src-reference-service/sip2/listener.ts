import { createServer as createTcpServer, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { listen } from '../../src-shared/listen';
import type { Logger } from '../../src-shared/log/logger';
import type { Sip2Encoding } from '../../src-shared/sip2/encoding';
import {
  HOST,
  SIP2_INSTITUTION_ID,
  SIP2_LIBRARY_NAME,
  SIP2_LOGIN_PASSWORD,
  SIP2_LOGIN_USER,
} from '../config';
import type { Db } from '../db/open';
import type { Catalog } from '../domain/catalog';
import type { Circulation } from '../domain/circulation';
import type { Members } from '../domain/members';
import type { FaultController } from '../faults';
import { loadSecretFile } from '../secret-file';
import { loadTlsIdentity } from './certificate';
import { serveConnection } from './connection';
import { sip2DialectFor, type Sip2DialectName } from './dialects';
import { createItemFacts } from './items';
import { createPins } from './pins';
import { createRouting } from './routing';

/** What `startService({ sip2 })` takes: the listener is started only when this is given. */
export interface Sip2ListenerOptions {
  /** 0: any free port. */
  port?: number;
  /** TLS with a certificate made for the data folder (certificate.ts). */
  tls?: boolean;
  /** How the answers are written (dialects.ts); `standard` by default. */
  dialect?: Sip2DialectName;
  /** The character set of the frames; UTF-8 by default. */
  encoding?: Sip2Encoding;
  /** A line idle this long is closed; absent, the dialect's limit (SIPServer: 60 s), or none. */
  idleTimeoutMs?: number;
}

/** What the running listener tells its starter: where to connect and how to log in. */
export interface RunningSip2 {
  host: string;
  port: number;
  /** With TLS on: the PEM a client trusts (the listener's self-signed certificate). */
  tls?: { ca: string };
  loginUser: string;
  loginPassword: string;
  institutionId: string;
  dialect: Sip2DialectName;
  encoding: Sip2Encoding;
}

export interface Sip2Domain {
  db: Db;
  members: Members;
  circulation: Circulation;
  catalog: Catalog;
  now: () => Date;
  faults: FaultController | undefined;
  dataDir: string;
  log: Logger;
  /**
   * The published demo login (config.ts) is the listener's: the demo library. Otherwise the data
   * folder makes its own password (`sip2-login-password`, 0600), as it does its blob key.
   */
  demoLogin: boolean;
}

/** The listener's login password outside demo mode, in the data folder. */
export const SIP2_LOGIN_PASSWORD_FILE = 'sip2-login-password';

/** Central Library: the branch of a self-check whose location code names no branch. */
const DEFAULT_BRANCH_ID = '1';

/** Starts the SIP2 listener on loopback over the service's own domain objects. */
export async function startSip2Listener(
  domain: Sip2Domain,
  options: Sip2ListenerOptions,
): Promise<{ running: RunningSip2; close(): Promise<void> }> {
  const dialect = sip2DialectFor(options.dialect);
  const loginPassword = domain.demoLogin
    ? SIP2_LOGIN_PASSWORD
    : loadSecretFile(
        domain.dataDir,
        { file: SIP2_LOGIN_PASSWORD_FILE, what: 'SIP2 login password' },
        domain.log,
      );
  const encoding = options.encoding ?? 'utf-8';
  const services = {
    members: domain.members,
    circulation: domain.circulation,
    catalog: domain.catalog,
    routing: createRouting(domain.db),
    pins: createPins(domain.db, domain.now),
    item: createItemFacts(domain.db),
    now: domain.now,
    dialect,
    institutionId: SIP2_INSTITUTION_ID,
    libraryName: SIP2_LIBRARY_NAME,
    login: { user: SIP2_LOGIN_USER, password: loginPassword },
    defaultBranchId: DEFAULT_BRANCH_ID,
  };
  const sockets = new Set<Socket>();
  const accept = (socket: Socket): void => {
    // Each answer is one small write: sent at once, not held by Nagle for a delayed ACK (40 ms).
    socket.setNoDelay(true);
    // An outage refuses every connection as it comes, as a dead host would.
    if (domain.faults?.get().outage) {
      socket.destroy();
      return;
    }
    serveConnection(socket, {
      services,
      encoding,
      faults: domain.faults,
      log: domain.log,
      ...(options.idleTimeoutMs !== undefined ? { idleTimeoutMs: options.idleTimeoutMs } : {}),
    });
  };
  const identity = options.tls ? await loadTlsIdentity(domain.dataDir, domain.log) : undefined;
  const server = identity
    ? createTlsServer({ cert: identity.certificate, key: identity.key }, accept)
    : createTcpServer(accept);
  if (identity) {
    server.on('tlsClientError', (error) =>
      domain.log.debug('SIP2 TLS handshake failed', { message: error.message }),
    );
  }
  // Every connection as it comes, a TLS one before its handshake too, so that closing ends them all.
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const { port } = await listen(server, options.port ?? 0, HOST);
  domain.log.info('SIP2 listener started', {
    host: HOST,
    port,
    tls: Boolean(identity),
    dialect: dialect.name,
  });
  return {
    running: {
      host: HOST,
      port,
      ...(identity ? { tls: { ca: identity.certificate } } : {}),
      loginUser: SIP2_LOGIN_USER,
      loginPassword,
      institutionId: SIP2_INSTITUTION_ID,
      dialect: dialect.name,
      encoding,
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
