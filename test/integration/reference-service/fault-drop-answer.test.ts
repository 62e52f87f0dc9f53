import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { DEMO_ITEMS, DEMO_MEMBERS } from '../../../src-reference-service/db/seed';
import { memberCirculationSchema } from '../../../src-reference-service/domain/schemas';
import { startFixture, type ServiceFixture } from '../../support/service-fixture';

let fx: ServiceFixture;
beforeAll(async () => {
  fx = await startFixture({ faults: true });
});
afterEach(() => {
  fx.service.faults?.reset();
});
afterAll(async () => {
  await fx?.stop();
});

const faults = () => {
  if (!fx.service.faults) throw new Error('started without fault knobs');
  return fx.service.faults;
};

const member = memberBarcode(DEMO_MEMBERS.canBorrow);
// One available item per test, so tests stay independent.
const firstItem = itemBarcode(DEMO_ITEMS.available[0]);
const secondItem = itemBarcode(DEMO_ITEMS.available[1]);

const checkout = (ItemBarcode: string) =>
  fx.api('/api/checkout', { method: 'POST', body: { ItemBarcode, UserBarcode: member } });

const loanedBarcodes = async () =>
  memberCirculationSchema
    .parse((await fx.api(`/api/lmmemberbycard/${member}`)).body)
    .Items.map((loan) => loan.ItemBarcode);

describe('dropAnswerRate', () => {
  it('drops the connection of a check-out instead of answering with dropAnswerRate 1', async () => {
    faults().set({ dropAnswerRate: 1 });
    await expect(checkout(firstItem)).rejects.toThrow(TypeError);
  });

  it('has carried out the check-out whose answer it dropped', async () => {
    faults().set({ dropAnswerRate: 1 });
    await checkout(secondItem).catch(() => undefined);
    faults().reset();
    expect(await loanedBarcodes()).toContain(secondItem);
  });

  it('still answers on auth_url with dropAnswerRate 1', async () => {
    faults().set({ dropAnswerRate: 1 });
    const answer = await fetch(`${fx.service.authUrl}/.well-known/openid-configuration`);
    expect(answer.status).toBe(200);
  });
});

describe('dropAnswerRate over HTTP', () => {
  const put = (body: unknown) =>
    fetch(`${fx.service.authUrl}/__faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('accepts a share between 0 and 1', async () => {
    const answer = await put({ dropAnswerRate: 0.5 });
    expect([answer.status, faults().get().dropAnswerRate]).toEqual([200, 0.5]);
  });

  it('refuses a share above 1', async () => {
    const answer = await put({ dropAnswerRate: 2 });
    expect([answer.status, faults().get().dropAnswerRate]).toEqual([400, 0]);
  });
});
