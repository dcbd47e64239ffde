import { describe, expect, it } from 'vitest';
import { editorColumns, mappingColumns, moveRow } from './payroll';

const available = [
  { key: 'code', header: 'Code' },
  { key: 'name', header: 'Name' },
  { key: 'present_days', header: 'Days present' },
  { key: 'leave:4', header: 'Annual (days)' },
];

describe('payroll mapping editor', () => {
  it('shows every column in the default order for a new mapping', () => {
    const rows = editorColumns(available);
    expect(rows.map((r) => [r.key, r.shown])).toEqual([
      ['code', true],
      ['name', true],
      ['present_days', true],
      ['leave:4', true],
    ]);
  });

  it("puts a mapping's columns first, in its order, and the rest after them hidden", () => {
    const rows = editorColumns(available, { columns: [{ key: 'leave:4', header: 'AL' }, { key: 'code', header: 'Staff No' }] });
    expect(rows.map((r) => [r.key, r.header, r.defaultHeader, r.shown])).toEqual([
      ['leave:4', 'AL', 'Annual (days)', true],
      ['code', 'Staff No', 'Code', true],
      ['name', 'Name', 'Name', false],
      ['present_days', 'Days present', 'Days present', false],
    ]);
  });

  it('saves the shown columns in order, a blank header taking the default', () => {
    const rows = editorColumns(available);
    rows[0] = { ...rows[0], header: '  ' };
    rows[2] = { ...rows[2], shown: false };
    expect(mappingColumns(moveRow(rows, 1, -1))).toEqual([
      { key: 'name', header: 'Name' },
      { key: 'code', header: 'Code' },
      { key: 'leave:4', header: 'Annual (days)' },
    ]);
  });

  it('leaves the list as it is when a row cannot move further', () => {
    const rows = editorColumns(available);
    expect(moveRow(rows, 0, -1)).toBe(rows);
    expect(moveRow(rows, 3, 1)).toBe(rows);
    expect(moveRow(rows, 2, 1).map((r) => r.key)).toEqual(['code', 'name', 'leave:4', 'present_days']);
  });
});
