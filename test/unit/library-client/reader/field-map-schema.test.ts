import { describe, expect, it } from 'vitest';
import { FieldMapSchema } from '../../../../src-main/library-client/reader/field-map-schema';

describe('service.fieldMap', () => {
  it('accepts the example its documentation gives', () => {
    const example = { 'circulation.fine': 'account.balance_due' };
    expect(FieldMapSchema.safeParse(example)).toEqual({ success: true, data: example });
  });

  it('refuses a concept the kiosk does not read under that record kind, naming it', () => {
    const parsed = FieldMapSchema.safeParse({ 'member.fine': 'account.balance_due' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([['member.fine']]);
  });

  it('has keys for the upload ticket, which the probe cannot read', () => {
    expect(FieldMapSchema.safeParse({ 'uploadTicket.uploadendpoint': 'putHere' }).success).toBe(
      true,
    );
  });
});
