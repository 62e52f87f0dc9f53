import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { DEMO_MEMBERS } from '../../../src-reference-service/db/seed';
import {
  memberCirculationSchema,
  memberPageSchema,
} from '../../../src-reference-service/domain/schemas';
import { authorize, exchange, tokenRequest } from '../../support/service-oauth';
import { startFixture, type ServiceFixture } from '../../support/service-fixture';

// One data dir, started three times: fresh, restarted, and restarted with reset.
let dataDir: string;
const item = itemBarcode(16);
const card = memberBarcode(DEMO_MEMBERS.canBorrow);
let refreshToken = '';
let accessToken = '';
let seededPage: string[][] = [];
let restarted: ServiceFixture;

const pendingBarcodes = async (fx: ServiceFixture) =>
  memberCirculationSchema
    .parse((await fx.api(`/api/lmmemberbycard/${card}`)).body)
    .Items.map((i) => i.ItemBarcode);

/** Stable member fields of one page (dates are relative to the seeding day, so left out). */
const memberPage = async (fx: ServiceFixture) =>
  memberPageSchema
    .parse((await fx.api('/api/user-memberlist?size=100&page=2')).body)
    .Members.map((m) => [m.Id, m.GivenName, m.Surname, m.userbarcode, m.Email, m.usertype]);

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'service-persist-'));
  const first = await startFixture({ dataDir });
  try {
    seededPage = await memberPage(first);
    await first.api('/api/checkout', {
      method: 'POST',
      body: { ItemBarcode: item, UserBarcode: card },
    });
    await first.api('/api/user-member', {
      method: 'PUT',
      body: { Id: '1030', city: 'Persisted City' },
    });
    const authUrl = first.service.authUrl;
    const tokens = (
      await exchange(
        authUrl,
        'library-kiosk',
        await authorize(authUrl, {
          clientId: 'library-kiosk',
          scope: 'email serviceApi offline_access',
        }),
      )
    ).body;
    refreshToken = String(tokens.refresh_token);
    accessToken = String(tokens.access_token);
  } finally {
    await first.stop();
  }
  restarted = await startFixture({ dataDir });
});

afterAll(async () => {
  await restarted?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('after a restart on the same data dir', () => {
  it('keeps loans', async () => {
    expect(await pendingBarcodes(restarted)).toContain(item);
  });

  it('keeps member updates', async () => {
    const member = (await restarted.api('/api/userdetails/1030')).body as { city: string };
    expect(member.city).toBe('Persisted City');
  });

  it('keeps access tokens valid', async () => {
    expect((await restarted.api('/api/listbranch', { token: accessToken })).status).toBe(200);
  });

  it('keeps refresh tokens valid', async () => {
    const answer = await tokenRequest(restarted.service.authUrl, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: 'library-kiosk',
    });
    expect(answer.status).toBe(200);
  });
});

describe('restart with reset', () => {
  let reset: ServiceFixture;
  beforeAll(async () => {
    await restarted.stop();
    reset = await startFixture({ dataDir, reset: true });
    restarted = reset;
  });

  it('forgets the loans made before', async () => {
    expect(await pendingBarcodes(reset)).not.toContain(item);
  });

  it('reseeds the same demo members (deterministic seed)', async () => {
    expect(await memberPage(reset)).toEqual(seededPage);
  });
});
