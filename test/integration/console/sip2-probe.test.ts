import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagnosticsArea } from '../../../src-main/core/console/diagnostics';
import type { ConsoleContext } from '../../../src-main/core/console/deps';
import type { Sip2ProbeOptions } from '../../../src-main/library-client/sip2/probe';
import { KIOSK_SIP2_LOGIN, startAcs, stopAcses } from '../../support/sip2-test-acs';

/** `staff.console.diagnostics.probeSip2`: the probe with the options the host gives, or unavailable. */
let port = 0;
beforeAll(async () => {
  port = await startAcs({
    password: 'demo-pass',
    terminator: 'CR',
    checksums: true,
    institution: 'MAIN',
  });
});
afterAll(stopAcses);

function context(sip2ProbeOptions?: ConsoleContext['sip2ProbeOptions']): ConsoleContext {
  return {
    ...(sip2ProbeOptions ? { sip2ProbeOptions } : {}),
    touch: () => {},
  } as unknown as ConsoleContext;
}

const options = (): Sip2ProbeOptions => ({
  ...KIOSK_SIP2_LOGIN,
  port,
  terminator: 'CRLF',
  requestTimeoutMs: 300,
  testCard: '1000001',
  testItem: '3000001',
});

describe('staff.console.diagnostics.probeSip2', () => {
  it('runs the probe with the kiosk SIP2 options and answers its report', async () => {
    const before = Date.now();
    const answer = await createDiagnosticsArea(context(() => Promise.resolve(options()))).handlers[
      'staff.console.diagnostics.probeSip2'
    ](undefined);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.value.ranAt).toBeGreaterThanOrEqual(before);
    expect(answer.value.report.steps.map(({ outcome }) => outcome)).toEqual(Array(6).fill('ok'));
    // The kiosk says CR LF and this ACS ends with CR: the one thing to fix.
    expect(answer.value.report.hints).toEqual([
      { hint: 'terminator', settings: ['sip2.terminator'], value: 'CR' },
    ]);
  });

  it('is unavailable when the kiosk has no SIP2 server set up', async () => {
    for (const ctx of [context(), context(() => Promise.resolve(undefined))]) {
      const answer =
        await createDiagnosticsArea(ctx).handlers['staff.console.diagnostics.probeSip2'](undefined);
      expect(answer).toEqual({ ok: false, error: { kind: 'unavailable', reason: 'no-sip2' } });
    }
  });
});
