import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { createAuthFor, recordingFetch, signedIn, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';
import { asItem, asMember } from '../../support/barcodes';

/**
 * The interface states POST for check-out and check-in while its samples use PUT; the snake
 * dialect of the reference service accepts only PUT (405 otherwise), like such a deployment.
 */
let test: TestService;

beforeAll(async () => {
  test = await startTestService({ dialect: 'snake' });
});

afterAll(async () => {
  await test?.stop();
});

const circulationCalls = (recorder: ReturnType<typeof recordingFetch>): string[] =>
  recorder.requests
    .filter((request) => /\/api\/check(out|in)$/.test(request.url))
    .map((request) => `${request.method} ${new URL(request.url).pathname}`);

describe('check-out and check-in method', () => {
  it('tries POST, retries once as PUT after a 405, then keeps PUT for the session', async () => {
    const recorder = recordingFetch();
    const staff = await signedIn(test, { fetch: recorder.fetch });
    const out = await staff.client.checkOut({
      itemBarcode: asItem(itemBarcode(6)),
      memberBarcode: asMember(memberBarcode(1)),
    });
    const back = await staff.client.checkIn(asItem(itemBarcode(6)));
    expect(out).toMatchObject({ ok: true, value: { dueDate: { kind: 'day' } } });
    expect(back).toMatchObject({ ok: true, value: { overdue: false } });
    expect(circulationCalls(recorder)).toEqual([
      'POST /api/checkout',
      'PUT /api/checkout',
      'PUT /api/checkin',
    ]);
    staff.dispose();
  });

  it('sends PUT from the first call when the setting fixes it', async () => {
    const recorder = recordingFetch();
    const staff = await signedIn(test, {
      fetch: recorder.fetch,
      interop: { circulationMethod: 'PUT' },
    });
    await staff.client.checkOut({
      itemBarcode: asItem(itemBarcode(7)),
      memberBarcode: asMember(memberBarcode(1)),
    });
    expect(circulationCalls(recorder)).toEqual(['PUT /api/checkout']);
    staff.dispose();
  });

  it('reports the 405 as a refusal, nothing applied, when the setting fixes POST', async () => {
    const staff = await signedIn(test, { interop: { circulationMethod: 'POST' } });
    const result = await staff.client.checkIn(asItem(itemBarcode(7)));
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'refused', status: 405, outcome: 'not-applied' },
    });
    staff.dispose();
  });

  it('learns the method per client: a new sign-in starts from POST again', async () => {
    const recorder = recordingFetch();
    const first = await createAuthFor(test, { fetch: recorder.fetch });
    first.dispose();
    const staff = await signedIn(test, { fetch: recorder.fetch });
    await staff.client.checkIn(asItem(itemBarcode(7)));
    expect(circulationCalls(recorder)).toEqual(['POST /api/checkin', 'PUT /api/checkin']);
    staff.dispose();
  });
});
