import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  setLogLevel,
  setLogSinks,
  stderrSink,
  type LogRecord,
} from '../../../src-shared/log/logger';
import { startFixture, type ServiceFixture } from '../../support/service-fixture';
import { authorizationUrl, pkce } from '../../support/service-oauth';
import { SignInError, signInOverHttp } from '../../support/sign-in-over-http';

// What a user may type into the username field: often the password, sometimes a real name.
const TYPED = 'Tr0ub4dor-and-3';

let fx: ServiceFixture;
const records: LogRecord[] = [];
beforeAll(async () => {
  setLogSinks([(record) => records.push(record)]);
  setLogLevel('debug');
  fx = await startFixture({ quiet: false });
});
afterAll(async () => {
  await fx?.stop();
  setLogLevel('error'); // the integration project's KIOSK_LOG_LEVEL
  setLogSinks([stderrSink]);
});

const signIn = (username: string) =>
  signInOverHttp(
    authorizationUrl(fx.service.authUrl, {
      clientId: 'library-kiosk',
      scope: 'email serviceApi',
      challenge: pkce().challenge,
    }),
    { username, password: 'wrong' },
  ).catch((error: unknown) => error);

describe('refused sign-ins', () => {
  it('refuse an unknown username exactly like a wrong password', async () => {
    const [unknown, known] = await Promise.all([signIn(TYPED), signIn('librarian')]);
    expect([unknown, known].map((e) => e instanceof SignInError && e.kind)).toEqual([
      'login_refused',
      'login_refused',
    ]);
  });

  it('are logged without the typed username', async () => {
    records.length = 0;
    await signIn(TYPED);
    const refused = records.filter((r) => r.message === 'sign-in refused');
    expect(refused).toHaveLength(1);
    expect(JSON.stringify(records)).not.toContain(TYPED);
  });
});
