import { once } from 'node:events';
import { createServer } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny OAuth authorization server on 127.0.0.1 for what the reference service cannot show: a
 * discovery document naming other paths or another issuer, no discovery at all, and ID tokens that
 * fail a check. Its authorize endpoint redirects at once with a code; its token endpoint answers
 * with an unsigned-looking ID token (oauth4webapi checks the claims of ID tokens that come straight
 * from the token endpoint over TLS, not their signature).
 */

export type DiscoveryAnswer =
  | { kind: 'document'; document: Record<string, unknown> }
  | { kind: 'status'; status: number }
  | { kind: 'not-json' }
  /** The connection is dropped: the client sees a network failure. */
  | { kind: 'drop' };

export interface FakeRequest {
  method: string;
  path: string;
  form: URLSearchParams;
}

export interface FakeAuthorizationServer {
  /** `http://127.0.0.1:{port}` */
  url: string;
  /** What the next discovery request gets; change it between steps of a test. */
  discovery: DiscoveryAnswer;
  /** The `iss` its ID tokens carry. Default: `url`. */
  issuer: string;
  /** Changes the claims of the next ID tokens (wrong `aud`, missing `sub`, ...). */
  idTokenClaims: (claims: Record<string, unknown>) => Record<string, unknown>;
  requests: FakeRequest[];
  /** Every ID token it issued, so a test can assert that none reached a log line. */
  issuedIdTokens: string[];
  requestsTo(pathSuffix: string): FakeRequest[];
  close(): Promise<void>;
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startFakeAuthorizationServer(): Promise<FakeAuthorizationServer> {
  const requests: FakeRequest[] = [];
  const issuedIdTokens: string[] = [];
  // Assigned once the server listens; requests arrive only after that.
  let fake = {} as FakeAuthorizationServer;
  let url = '';

  const server = createServer((request, response) => {
    void (async () => {
      const target = new URL(request.url ?? '/', url);
      const form = await formOf(request);
      requests.push({ method: request.method ?? 'GET', path: target.pathname, form });
      const json = (status: number, body: unknown): void => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };

      if (target.pathname.endsWith('/.well-known/openid-configuration')) {
        const answer = fake.discovery;
        if (answer.kind === 'drop') request.socket.destroy();
        else if (answer.kind === 'not-json') {
          response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Welcome</h1>');
        } else if (answer.kind === 'status') json(answer.status, { error: 'not_found' });
        else json(200, answer.document);
        return;
      }
      if (request.method === 'GET' && target.pathname.endsWith('/authorize')) {
        const back = new URL(target.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('code', 'fake-authorization-code');
        back.searchParams.set('state', target.searchParams.get('state') ?? '');
        response.writeHead(302, { location: back.href }).end();
        return;
      }
      if (request.method === 'POST' && target.pathname.endsWith('/token')) {
        const now = Math.floor(Date.now() / 1000);
        const claims = fake.idTokenClaims({
          iss: fake.issuer,
          aud: form.get('client_id'),
          sub: 'staff-0042',
          name: 'Fay Kerr',
          email: 'fay.kerr@example.org',
          iat: now,
          exp: now + 600,
        });
        const idToken = `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url(claims)}.c2lnbmF0dXJl`;
        issuedIdTokens.push(idToken);
        json(200, {
          access_token: `fake-access-${issuedIdTokens.length}`,
          refresh_token: `fake-refresh-${issuedIdTokens.length}`,
          token_type: 'Bearer',
          expires_in: 3600,
          scope: 'openid email serviceApi offline_access',
          id_token: idToken,
        });
        return;
      }
      json(404, { error: 'not_found' });
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  fake = {
    url,
    discovery: { kind: 'status', status: 404 },
    issuer: url,
    idTokenClaims: (claims) => claims,
    requests,
    issuedIdTokens,
    requestsTo: (suffix) => requests.filter((request) => request.path.endsWith(suffix)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
