import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditDiff, formatValue } from './audit-diff';

describe('AuditDiff', () => {
  it('lists the changed fields first with both values, and folds the unchanged ones away', () => {
    render(
      <AuditDiff
        before={{ name: 'Event A', city: 'Oslo', capacity: 100, tags: ['a'] }}
        after={{ name: 'Event A renamed', city: 'Oslo', capacity: 120, tags: ['a'] }}
      />,
    );
    const changed = screen.getByRole('region', { name: 'Changed fields' });
    const rows = within(changed).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['name', 'capacity']);
    expect(rows[0]?.textContent).toContain('Before: Event A');
    expect(rows[0]?.textContent).toContain('After: Event A renamed');
    expect(rows[1]?.textContent).toContain('Before: 100');
    expect(rows[1]?.textContent).toContain('After: 120');
    expect(rows.every((row) => row.dataset.changed === 'true')).toBe(true);

    const summary = screen.getByText('2 unchanged fields');
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    fireEvent.click(summary);
    expect(details.open).toBe(true);
    const unchanged = within(screen.getByRole('region', { name: 'Unchanged fields', hidden: true })).getAllByRole(
      'row',
      { hidden: true },
    );
    expect(unchanged.slice(1).map((row) => row.textContent)).toEqual(['cityOslo', 'tags["a"]']);
  });

  it('shows a created record as every field new and a deleted one as every field gone', () => {
    const { unmount } = render(<AuditDiff before={null} after={{ email: 'ida@example.com' }} />);
    const created = within(screen.getByRole('region', { name: 'Changed fields' })).getAllByRole('row')[1]!;
    expect(created?.textContent).toContain('Before: —');
    expect(created?.textContent).toContain('After: ida@example.com');
    expect(screen.queryByText(/unchanged/)).toBeNull();
    unmount();
    render(<AuditDiff before={{ email: 'ida@example.com' }} after={null} />);
    expect(
      within(screen.getByRole('region', { name: 'Changed fields' })).getAllByRole('row')[1]?.textContent,
    ).toContain('After: —');
  });

  it('folds away the fields an update left out of its after, rather than showing them emptied', () => {
    render(
      <AuditDiff
        before={{ id: 3, lastName: 'Haugen', email: 'jonas@example.com' }}
        after={{ lastName: 'Haugen-Lie' }}
      />,
    );
    const rows = within(screen.getByRole('region', { name: 'Changed fields' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['lastName']);
    expect(screen.getByText('2 unchanged fields')).toBeTruthy();
  });

  it('says so when an entry recorded no fields, or changed none', () => {
    const { unmount } = render(<AuditDiff before={null} after={null} />);
    expect(screen.getByText('This entry recorded no fields.')).toBeTruthy();
    unmount();
    render(<AuditDiff before={{ a: 1 }} after={{ a: 1 }} />);
    expect(screen.getByText('No field changed.')).toBeTruthy();
    expect(screen.getByText('1 unchanged field')).toBeTruthy();
  });

  it('writes text as it is and other values as JSON', () => {
    expect(formatValue('=1+1')).toBe('=1+1');
    expect(formatValue('')).toBe('“”');
    expect(formatValue(null)).toBe('—');
    expect(formatValue(false)).toBe('false');
    expect(formatValue({ a: [1] })).toBe('{"a":[1]}');
  });
});
