import { act, render, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { resetTheme, setTheme } from '@/lib/theme';
import { Toaster } from './toaster';

afterEach(() => {
  act(() => toast.dismiss());
  resetTheme();
});

async function shownToaster(): Promise<HTMLElement> {
  render(<Toaster />);
  act(() => {
    toast.success('Token copied');
  });
  return waitFor(() => {
    const list = document.querySelector<HTMLElement>('[data-sonner-toaster]');
    if (!list) throw new Error('No toast shown yet');
    return list;
  });
}

describe('Toaster', () => {
  it('darkens the rich colours’ text in the light theme, to a contrast WCAG AA accepts', async () => {
    setTheme('light');
    const list = await shownToaster();
    expect(list.dataset.sonnerTheme).toBe('light');
    expect(list.style.getPropertyValue('--success-text')).toBe('hsl(140, 100%, 22%)');
    expect(list.style.getPropertyValue('--error-text')).toBe('hsl(360, 100%, 38%)');
  });

  it('leaves the dark theme’s own colours', async () => {
    setTheme('dark');
    const list = await shownToaster();
    expect(list.dataset.sonnerTheme).toBe('dark');
    expect(list.style.getPropertyValue('--success-text')).toBe('');
  });
});
