import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AllocationBar } from './allocation-bar';

describe('AllocationBar', () => {
  it('shows what is spoken for as parts that add up with the available places to the quantity', () => {
    // 12 places: 8 registered here, 4 handed to sub-accounts (1 of them registered), none left.
    render(<AllocationBar quantity={12} used={8} usedTotal={9} reserved={4} heldByLinks={0} available={0} />);
    const meter = screen.getByRole('meter', { name: 'Used of allocated' });
    expect(meter.getAttribute('aria-valuenow')).toBe('12');
    expect(meter.getAttribute('aria-valuetext')).toBe(
      '12 of 12 used: 8 registered, 4 to sub-accounts (1 registered)',
    );
    expect(screen.getByText('12 of 12 used')).toBeTruthy();
    expect(screen.getByText('8 registered · 4 to sub-accounts (1 registered)')).toBeTruthy();
  });

  it('counts the places open registration links hold', () => {
    render(<AllocationBar quantity={10} used={3} usedTotal={3} reserved={0} heldByLinks={5} available={2} />);
    expect(screen.getByText('8 of 10 used')).toBeTruthy();
    expect(screen.getByText('3 registered · 5 held by open links')).toBeTruthy();
    expect((screen.getByRole('meter').firstElementChild as HTMLElement).style.width).toBe('80%');
  });

  it('fills up and turns destructive when nothing is available, and stays empty for nothing allocated', () => {
    const { rerender } = render(
      <AllocationBar quantity={2} used={2} usedTotal={2} reserved={0} heldByLinks={0} available={0} />,
    );
    const bar = screen.getByRole('meter').firstElementChild as HTMLElement;
    expect(bar.style.width).toBe('100%');
    expect(bar.className).toContain('bg-destructive');
    expect(screen.queryByText(/registered/)).toBeNull();
    rerender(<AllocationBar quantity={0} used={0} usedTotal={0} reserved={0} heldByLinks={0} available={0} />);
    expect((screen.getByRole('meter').firstElementChild as HTMLElement).style.width).toBe('0%');
  });
});
