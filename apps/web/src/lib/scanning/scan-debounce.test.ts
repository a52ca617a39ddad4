import { describe, expect, it } from 'vitest';
import { createScanDebounce } from './scan-debounce';

describe('the camera scan debounce', () => {
  it('counts the same code seen again within 3 s as one scan', () => {
    const debounce = createScanDebounce(3000);
    expect(debounce.accept('A', 0)).toBe(true);
    expect(debounce.accept('A', 1000)).toBe(false);
    expect(debounce.accept('B', 1200)).toBe(true);
    // Still held up: each sighting renews the window.
    expect(debounce.accept('A', 3500)).toBe(false);
    expect(debounce.accept('A', 7000)).toBe(true);
  });
});
