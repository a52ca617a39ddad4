import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PermissionPicker } from './permission-picker';

function Harness({ offered, onChange }: { offered: string[] | undefined; onChange: (value: string[]) => void }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <PermissionPicker
      offered={offered}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('PermissionPicker', () => {
  it('offers only the permissions given, grouped by area, each area with a box for all of it', () => {
    const onChange = vi.fn();
    render(
      <Harness offered={['view_badges', 'create_badge', 'view_events', 'no_such_permission']} onChange={onChange} />,
    );
    expect(screen.getAllByRole('group').map((group) => group.querySelector('legend')!.textContent)).toEqual([
      'Badges',
      'Events',
    ]);
    expect(screen.queryByLabelText('Delete badge')).toBeNull();
    expect(screen.getByText('0 of 3 permissions selected')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'All Badges permissions' }));
    // Kept in the order offered, whatever order they were ticked in.
    expect(onChange).toHaveBeenLastCalledWith(['view_badges', 'create_badge']);
    expect(screen.getByText('2/2')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('View badges'));
    expect(onChange).toHaveBeenLastCalledWith(['create_badge']);
    expect(screen.getByRole('checkbox', { name: 'All Badges permissions' }).getAttribute('aria-checked')).toBe('mixed');

    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(onChange).toHaveBeenLastCalledWith(['view_badges', 'create_badge', 'view_events']);
    expect(screen.getByText('3 of 3 permissions selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('shows placeholders while the permissions load', () => {
    render(<Harness offered={undefined} onChange={() => {}} />);
    expect(screen.getByLabelText('Loading permissions')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
