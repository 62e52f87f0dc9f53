import { X509Certificate } from 'node:crypto';
import { statSync } from 'node:fs';
import { createConnection } from 'node:net';
import { connect } from 'node:tls';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSip2 } from '../../../src-reference-service/index';
import { startFixture, type ServiceFixture } from '../../support/service-fixture';
import { loggedInWire, openSip2Wire } from '../../support/sip2-wire';

let fx: ServiceFixture;
let sip2: RunningSip2;
beforeAll(async () => {
  fx = await startFixture({ sip2: { port: 0, tls: true } });
  if (!fx.service.sip2?.tls) throw new Error('started without its SIP2 listener over TLS');
  sip2 = fx.service.sip2;
});
let stopped = false;
afterAll(async () => {
  if (!stopped) await fx?.stop();
});

describe('SIP2 over TLS', () => {
  it('logs in and answers the ACS status over TLS, trusting the certificate it returns', async () => {
    const wire = await loggedInWire(sip2);
    const status = await wire.ask(
      {
        code: '99',
        fixed: { statusCode: '0', maxPrintWidth: '040', protocolVersion: '2.00' },
        fields: {},
      },
      '98',
    );
    wire.close();
    expect(status.fixed.onlineStatus).toBe('Y');
  });

  it('has a certificate for 127.0.0.1 and localhost, its key readable by the owner alone', () => {
    const certificate = new X509Certificate(sip2.tls?.ca ?? '');
    expect(certificate.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(certificate.checkHost('localhost')).toBe('localhost');
    const mode = statSync(join(fx.dataDir, 'sip2-tls', 'key.pem')).mode & 0o777;
    expect(mode.toString(8)).toBe('600');
  });

  it('refuses a client that does not trust the certificate (no handshake, no answer)', async () => {
    const outcome = await new Promise<string>((resolve) => {
      const line = connect({ host: sip2.host, port: sip2.port }, () => resolve('connected'));
      line.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    expect(outcome).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
  });

  it('speaks SIP2 only over TLS: plain bytes get no SIP2 answer', async () => {
    const { host, port, loginUser, loginPassword, institutionId, dialect, encoding } = sip2;
    const plain = await openSip2Wire({
      host,
      port,
      loginUser,
      loginPassword,
      institutionId,
      dialect,
      encoding,
    });
    plain.raw(`9300CN${loginUser}|CO${loginPassword}|\r`).catch(() => undefined);
    expect(await plain.closedWithin(5000)).toBe('closed');
  });

  // Last: it stops the service.
  it('closes with the service even while a connection has not begun its handshake', async () => {
    const idle = createConnection({ host: sip2.host, port: sip2.port });
    idle.on('error', () => undefined);
    await new Promise((resolve) => idle.once('connect', resolve));
    stopped = true;
    // A stop that waited for the handshake would wait for Node's (120 s) and outlast the test.
    await fx.stop();
    expect(idle.destroyed || idle.readableEnded).toBe(true);
  });
});
