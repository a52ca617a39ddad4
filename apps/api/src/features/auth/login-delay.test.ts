import { describe, expect, it } from 'vitest';
import { accountDelayMs } from './login-delay';

describe('accountDelayMs', () => {
  it('does not slow an account below its threshold of failures', () => {
    expect(accountDelayMs(0, 5, 10_000)).toBe(0);
    expect(accountDelayMs(4, 5, 10_000)).toBe(0);
  });

  it('doubles the wait with each failure past the threshold, up to the cap', () => {
    expect([5, 6, 7, 8, 9, 10, 11].map((failures) => accountDelayMs(failures, 5, 10_000))).toEqual([
      250, 500, 1000, 2000, 4000, 8000, 10_000,
    ]);
    expect(accountDelayMs(10_000, 5, 10_000)).toBe(10_000);
    expect(accountDelayMs(50, 5, 0)).toBe(0);
  });
});
