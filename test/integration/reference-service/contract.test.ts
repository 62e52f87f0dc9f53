import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { DEMO_ITEMS, DEMO_MEMBERS } from '../../../src-reference-service/db/seed';
import {
  branchListSchema,
  checkinResultSchema,
  checkoutResultSchema,
  errorBodySchema,
  memberCirculationSchema,
  memberPageSchema,
  memberRecordSchema,
  memberTypeListSchema,
  uploadTicketSchema,
  userInfoSchema,
} from '../../../src-reference-service/domain/schemas';
import { accessToken } from '../../support/service-oauth';
import { startFixture, type ServiceFixture } from '../../support/service-fixture';

// One test per status of each row of the seed's Endpoints and Errors tables (API part; the token
// rows are in oauth.test.ts, the upload rows in upload.test.ts). Bodies are checked against the
// documented shapes (docs/service-api.md), strictly: no missing and no extra fields.

let fx: ServiceFixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(async () => {
  await fx?.stop();
});

function expectError(
  answer: { status: number; body: unknown },
  status: number,
  code: string,
): void {
  expect(answer.status).toBe(status);
  expect(errorBodySchema.parse(answer.body).error).toBe(code);
}

describe('Create document: POST /api/publisher-document', () => {
  it('answers 200 with the whole upload ticket', async () => {
    const answer = await fx.api('/api/publisher-document', {
      method: 'POST',
      body: { docid: null, name: 'Annual report.pdf' },
    });
    expect(answer.status).toBe(200);
    const ticket = uploadTicketSchema.parse(answer.body);
    expect(ticket.uploadendpoint).toBe(`${ticket.url}?${ticket.sas}`);
  });

  it('answers 400 invalid_document_name when the name is non-empty and shorter than 3 characters', async () => {
    const answer = await fx.api('/api/publisher-document', {
      method: 'POST',
      body: { docid: null, name: 'ab' },
    });
    expectError(answer, 400, 'invalid_document_name');
  });
});

describe('Get user info: GET /api/getuserinfo', () => {
  it('answers 200 with the customer account and the signed-in user', async () => {
    const answer = await fx.api('/api/getuserinfo');
    expect(answer.status).toBe(200);
    expect(userInfoSchema.parse(answer.body).User.UserName).toBe('librarian');
  });

  it('answers 400 customer_not_found for a user without a customer account', async () => {
    const token = await accessToken(fx.service.authUrl, {
      username: 'visitor',
      password: 'demo-visitor',
    });
    expectError(await fx.api('/api/getuserinfo', { token }), 400, 'customer_not_found');
  });
});

describe('List members: GET /api/user-memberlist', () => {
  it('answers 200 with a page of members for the documented call (size 20, page 1)', async () => {
    const answer = await fx.api('/api/user-memberlist?name=&size=20&page=1');
    expect(answer.status).toBe(200);
    const page = memberPageSchema.parse(answer.body);
    expect(page.Members).toHaveLength(20);
  });

  it('answers 400 invalid_request for page 0 (pages count from 1)', async () => {
    expectError(await fx.api('/api/user-memberlist?name=&size=20&page=0'), 400, 'invalid_request');
  });
});

describe('Get member: GET /api/userdetails/{memberid}', () => {
  it('answers 200 with the member record', async () => {
    const answer = await fx.api('/api/userdetails/1001');
    expect(answer.status).toBe(200);
    expect(memberRecordSchema.parse(answer.body).userbarcode).toBe(memberBarcode(1));
  });

  it('answers 400 member_not_found for an unknown member', async () => {
    expectError(await fx.api('/api/userdetails/999999'), 400, 'member_not_found');
  });
});

describe('List branches and member types', () => {
  it('GET /api/listbranch answers 200 with all branches', async () => {
    const answer = await fx.api('/api/listbranch');
    expect(answer.status).toBe(200);
    expect(branchListSchema.parse(answer.body).Branches.length).toBeGreaterThanOrEqual(3);
  });

  it('GET /api/listusertype answers 200 with all member types', async () => {
    const answer = await fx.api('/api/listusertype');
    expect(answer.status).toBe(200);
    expect(memberTypeListSchema.parse(answer.body).UserTypes.map((t) => t.Id)).toContain('ADULT');
  });
});

describe('Update member: PUT /api/user-member', () => {
  it('answers 200 with the updated member', async () => {
    const answer = await fx.api('/api/user-member', {
      method: 'PUT',
      body: { Id: '1010', PhoneNo: '+353 1 555 9999' },
    });
    expect(answer.status).toBe(200);
    expect(memberRecordSchema.parse(answer.body).PhoneNo).toBe('+353 1 555 9999');
  });

  it('answers 400 when the update fails (unknown branch)', async () => {
    const answer = await fx.api('/api/user-member', {
      method: 'PUT',
      body: { Id: '1010', branchid: '99' },
    });
    expectError(answer, 400, 'branch_not_found');
  });
});

describe('Get member by barcode / by email', () => {
  it('GET /api/lmmemberbycard/{UserBarcode} answers 200 with pending items and fine', async () => {
    const answer = await fx.api(
      `/api/lmmemberbycard/${memberBarcode(DEMO_MEMBERS.withOverdueLoans)}`,
    );
    expect(answer.status).toBe(200);
    const record = memberCirculationSchema.parse(answer.body);
    expect(record.Items.length).toBeGreaterThan(0);
  });

  it('GET /api/lmmemberbycard/{UserBarcode} answers 400 member_not_found for an unknown card', async () => {
    expectError(
      await fx.api(`/api/lmmemberbycard/${memberBarcode(999_999)}`),
      400,
      'member_not_found',
    );
  });

  it('GET /api/lmmemberbyemail/{email} answers 200 with the same kind of record', async () => {
    const answer = await fx.api('/api/lmmemberbyemail/amara.okafor%40example.org');
    expect(answer.status).toBe(200);
    expect(memberCirculationSchema.parse(answer.body).Member.Id).toBe('1001');
  });

  it('GET /api/lmmemberbyemail/{email} answers 400 member_not_found for an unknown email', async () => {
    expectError(await fx.api('/api/lmmemberbyemail/nobody%40example.org'), 400, 'member_not_found');
  });
});

describe('Check-out and check-in', () => {
  it('POST /api/checkout answers 200 with a DueDate', async () => {
    const answer = await fx.api('/api/checkout', {
      method: 'POST',
      body: {
        ItemBarcode: itemBarcode(DEMO_ITEMS.available[0]),
        UserBarcode: memberBarcode(DEMO_MEMBERS.canBorrow),
      },
    });
    expect(answer.status).toBe(200);
    expect(checkoutResultSchema.parse(answer.body).DueDate).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('POST /api/checkout answers 400 when the check-out fails', async () => {
    const answer = await fx.api('/api/checkout', {
      method: 'POST',
      body: {
        ItemBarcode: itemBarcode(999_999),
        UserBarcode: memberBarcode(DEMO_MEMBERS.canBorrow),
      },
    });
    expectError(answer, 400, 'item_not_found');
  });

  it('POST /api/checkin answers 200 with the fine and overdue date', async () => {
    const answer = await fx.api('/api/checkin', {
      method: 'POST',
      body: { ItemBarcode: itemBarcode(DEMO_ITEMS.overdue[0]) },
    });
    expect(answer.status).toBe(200);
    const result = checkinResultSchema.parse(answer.body);
    expect(result.OverdueDate).not.toBeNull();
    expect(result.Fine).toBeGreaterThan(0);
  });

  it('POST /api/checkin answers 400 when the check-in fails', async () => {
    const answer = await fx.api('/api/checkin', {
      method: 'POST',
      body: { ItemBarcode: itemBarcode(DEMO_ITEMS.available[4]) },
    });
    expectError(answer, 400, 'item_not_on_loan');
  });

  it('accepts PUT for check-out and check-in, as the seed samples send', async () => {
    const item = itemBarcode(DEMO_ITEMS.available[1]);
    const out = await fx.api('/api/checkout', {
      method: 'PUT',
      body: { ItemBarcode: item, UserBarcode: memberBarcode(DEMO_MEMBERS.canBorrow) },
    });
    const back = await fx.api('/api/checkin', { method: 'PUT', body: { ItemBarcode: item } });
    expect([out.status, back.status]).toEqual([200, 200]);
  });
});

describe('Common to all API calls', () => {
  it('answers 401 invalid_token with a WWW-Authenticate header when the bearer token is missing', async () => {
    const answer = await fx.api('/api/listbranch', { token: null });
    expectError(answer, 401, 'invalid_token');
    expect(answer.headers.get('www-authenticate')).toContain('Bearer');
  });

  it('answers 401 invalid_token for an unknown token', async () => {
    expectError(await fx.api('/api/listbranch', { token: 'not-a-token' }), 401, 'invalid_token');
  });

  it('answers 403 insufficient_scope for a token without serviceApi', async () => {
    const token = await accessToken(fx.service.authUrl, { scope: 'openid email' });
    expectError(await fx.api('/api/listbranch', { token }), 403, 'insufficient_scope');
  });

  it('answers 400 invalid_request for a body that is not JSON', async () => {
    const answer = await fx.api('/api/checkin', {
      method: 'POST',
      body: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expectError(answer, 400, 'invalid_request');
  });

  it('answers 400 invalid_request for a body sent with another content-type', async () => {
    const answer = await fx.api('/api/checkin', {
      method: 'POST',
      body: JSON.stringify({ ItemBarcode: itemBarcode(1) }),
      headers: { 'content-type': 'text/plain' },
    });
    expectError(answer, 400, 'invalid_request');
  });

  it('answers 404 not_found for an unknown path and 405 for a wrong method', async () => {
    const missing = await fx.api('/api/nothing-here');
    const wrong = await fx.api('/api/listbranch', { method: 'DELETE' });
    expectError(missing, 404, 'not_found');
    expectError(wrong, 405, 'method_not_allowed');
  });

  it('answers JSON whatever the accept header asks for', async () => {
    const answer = await fx.api('/api/listbranch', { headers: { accept: 'text/html' } });
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });
});

describe('fault knobs', () => {
  it('do not exist unless the service is started with them', async () => {
    expect((await fetch(`${fx.service.authUrl}/__faults`)).status).toBe(404);
  });
});
