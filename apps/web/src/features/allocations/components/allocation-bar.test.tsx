import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AllocationBar } from './allocation-bar';

describe('AllocationBar', () => {
  it('shows used of allocated, with what is handed to sub-accounts', () => {
    render(<AllocationBar quantity={10} used={3} usedTotal={4} reserved={2} />);
    const meter = screen.getByRole('meter', { name: 'Used of allocated' });
    expect(meter.getAttribute('aria-valuenow')).toBe('4');
    expect(meter.getAttribute('aria-valuetext')).toBe('4 of 10 used');
    expect((meter.firstElementChild as HTMLElement).style.width).toBe('40%');
    expect(screen.getByText('2 to sub-accounts · 3 here')).toBeTruthy();
  });

  it('fills up and turns destructive when all is used, and stays empty for nothing allocated', () => {
    const { rerender } = render(<AllocationBar quantity={2} used={2} usedTotal={2} reserved={0} />);
    const bar = screen.getByRole('meter').firstElementChild as HTMLElement;
    expect(bar.style.width).toBe('100%');
    expect(bar.className).toContain('bg-destructive');
    rerender(<AllocationBar quantity={0} used={0} usedTotal={0} reserved={0} />);
    expect((screen.getByRole('meter').firstElementChild as HTMLElement).style.width).toBe('0%');
  });
});
