import { describe, expect, it } from 'vitest';
import { csvField, journalCsv } from '../../../../src-main/circulation/offline/journal-csv';

// Each cell is quoted, so a spreadsheet splitting on `;` or a tab still reads one cell, and a cell
// that could start a formula (after whitespace, or a tab or carriage return first) gets a `'`.
describe('one cell of the journal export', () => {
  it.each([
    ['3;=1+1', '"3;=1+1"'],
    [' =1', `"' =1"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
    ['-2', `"'-2"`],
    ['@x', `"'@x"`],
    ['30000000000001', '"30000000000001"'],
    ['say "no"', '"say ""no"""'],
  ])('writes %j as %j', (value, cell) => {
    expect(csvField(value)).toBe(cell);
  });

  it('writes a number quoted and nothing as an empty quoted cell', () => {
    expect([csvField(409), csvField(undefined)]).toEqual(['"409"', '""']);
  });
});

describe('the journal export', () => {
  it('quotes the header row too', () => {
    expect(journalCsv([], 'journal', Date.UTC(2026, 10, 25)).csv).toBe(
      '"id","kind","recorded_at","item_barcode","member_barcode","state","offline_due_date","reason","status","code","message"\r\n',
    );
  });
});
