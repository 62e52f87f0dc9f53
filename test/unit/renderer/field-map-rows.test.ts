import { describe, expect, it } from 'vitest';
import {
  draftOf,
  newRow,
  rowsOf,
  withMapping,
} from '../../../src-renderer/staff/diagnostics/field-map-rows';

const CONCEPTS = ['member.givenName', 'memberType.loanPeriodDays', 'circulation.fine'];

describe('the field map editor rows', () => {
  it('spell the field map, trimmed, leaving blank rows out', () => {
    const rows = [newRow(' circulation.fine ', ' account.balance_due '), newRow('', '  ')];
    expect(draftOf(rows, CONCEPTS)).toEqual({
      draft: { 'circulation.fine': 'account.balance_due' },
      errors: new Map(),
    });
  });

  it('name the problem of each row: no concept, an unknown one, no field, a concept twice', () => {
    const rows = [
      newRow('', 'x'),
      newRow('member.shoeSize', 'shoe'),
      newRow('member.givenName', ''),
      newRow('circulation.fine', 'owed'),
      newRow('circulation.fine', 'balance'),
    ];
    const { draft, errors } = draftOf(rows, CONCEPTS);
    expect([...errors.values()]).toEqual([
      'diagnostics.fieldMap.error.concept',
      'diagnostics.fieldMap.error.unknown',
      'diagnostics.fieldMap.error.path',
      'diagnostics.fieldMap.error.twice',
    ]);
    expect([...errors.keys()]).toEqual([rows[0]?.id, rows[1]?.id, rows[2]?.id, rows[4]?.id]);
    expect(draft).toEqual({ 'circulation.fine': 'owed' });
  });

  it('take a suggestion into the row of its concept, or a new row in place of blank ones', () => {
    const rows = rowsOf({ 'circulation.fine': 'owed' });
    const changed = withMapping(rows, 'circulation.fine', 'balance');
    expect(changed.map(({ concept, path }) => [concept, path])).toEqual([
      ['circulation.fine', 'balance'],
    ]);
    expect(changed[0]?.id).toBe(rows[0]?.id);
    const added = withMapping(
      [...rows, newRow()],
      'memberType.loanPeriodDays',
      'loanPeriod.duration',
    );
    expect(added.map(({ concept, path }) => [concept, path])).toEqual([
      ['circulation.fine', 'owed'],
      ['memberType.loanPeriodDays', 'loanPeriod.duration'],
    ]);
  });
});
