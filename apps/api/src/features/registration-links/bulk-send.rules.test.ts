import { describe, expect, it } from 'vitest';
import { applyEventChecks, checkRows, reportRows } from './bulk-send.rules';

const row = (row: number, email: string, firstName = 'A', lastName = 'B') => ({
  row,
  values: { email, firstName, lastName },
});

describe('bulk send rows', () => {
  it('normalises addresses and reports a repeated one at its later rows', () => {
    const checked = checkRows([row(2, ' Ada@Example.org '), row(3, 'ada@example.org'), row(4, 'bo@example.org')]);
    expect(checked.map((c) => c.recipient?.email ?? null)).toEqual(['ada@example.org', null, 'bo@example.org']);
    expect(reportRows(checked)).toEqual([
      {
        row: 3,
        action: null,
        errors: [{ column: 'email', message: 'Also in row 2' }],
        values: row(3, 'ada@example.org').values,
      },
    ]);
  });

  it('gives the places left to the first good rows, in file order', () => {
    const checked = checkRows([
      row(2, 'a@x.org'),
      row(3, 'bad'),
      row(4, 'b@x.org'),
      row(5, 'c@x.org'),
      row(6, 'd@x.org'),
    ]);
    const { rows: placed, needed } = applyEventChecks(checked, {
      withBadge: new Set(['b@x.org']),
      withOpenLink: new Set(),
      available: 2,
    });
    expect(needed).toBe(3);
    expect(reportRows(placed).map((r) => [r.row, r.errors[0]!.message])).toEqual([
      [3, 'Enter a valid email address'],
      [4, 'This address cannot be used in this badge category; use another address'],
      [6, 'Over the allocation: 2 places left'],
    ]);
  });
});
