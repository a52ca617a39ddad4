import type { RedeemResult } from '@portal/shared/check-in';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScanOutcome } from '../lib/station';
import { RESULT_SHOWN_MS, ResultScreen } from './result-screen';

const badge = {
  id: 1,
  code: 'K7M9Q2XR4T',
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Analytical Engines',
  categoryId: 10,
  categoryName: 'Exhibitor staff',
  badgeType: 'exhibitor' as const,
  status: 'active' as const,
};

function outcome(result: Partial<RedeemResult>, extra: Partial<ScanOutcome> = {}): ScanOutcome {
  return {
    result: { checkInId: 7, result: 'admitted', conflict: false, ...result },
    direction: 'entry',
    code: 'K7M9Q2XR4T',
    local: false,
    at: 0,
    ...extra,
  };
}

function show(shown: ScanOutcome, onDone = vi.fn()) {
  render(<ResultScreen outcome={shown} timeZone="Europe/Berlin" onDone={onDone} />);
  return onDone;
}

afterEach(() => vi.useRealTimers());

describe('the answer to a scan', () => {
  it('admitted: the name, the company and the category, as a status', () => {
    show(outcome({ badge }));
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Admitted');
    expect(status.textContent).toContain('Ada Lovelace');
    expect(status.textContent).toContain('Analytical Engines');
    expect(status.textContent).toContain('Exhibitor staff');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('already checked in: the time in the event’s time zone and the device, as an alert', () => {
    show(
      outcome({
        result: 'already_checked_in',
        badge,
        checkedInAt: '2027-03-16T08:05:00.000Z',
        checkedInBy: 'Hall A door',
      }),
    );
    expect(screen.getByRole('alert').textContent).toContain('Already checked in');
    expect(screen.getByRole('alert').textContent).toContain('Checked in at 09:05 by Hall A door');
  });

  it.each([
    [
      'cancelled',
      { result: 'cancelled' as const, badge },
      ['Badge cancelled', 'Ada Lovelace', 'This badge is no longer valid'],
    ],
    [
      'not admitted',
      { result: 'not_admitted' as const, badge, reason: 'Visitor badges are not admitted at VIP lounge' },
      ['Not admitted', 'Visitor badges are not admitted at VIP lounge'],
    ],
    ['unknown', { result: 'unknown' as const }, ['Unknown code', 'No badge has the code K7M9Q2XR4T']],
    [
      'other event',
      { result: 'other_event' as const },
      ['Badge of another event', 'This badge is for a different event'],
    ],
  ])('refused (%s): says why, as an alert', (_name, result, texts) => {
    show(outcome(result));
    for (const text of texts) expect(screen.getByRole('alert').textContent).toContain(text);
  });

  it('says an exit was recorded, and that an offline answer is still to be sent', () => {
    show(outcome({ badge }, { direction: 'exit', local: true }));
    expect(screen.getByRole('status').textContent).toContain('Exit recorded');
    expect(screen.getByRole('status').textContent).toContain('Decided on this device');
  });

  it('goes back to scanning after 2.5 s, or at once on a tap', () => {
    vi.useFakeTimers();
    const onDone = show(outcome({ badge }));
    vi.advanceTimersByTime(RESULT_SHOWN_MS - 1);
    expect(onDone).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onDone).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button'));
    expect(onDone).toHaveBeenCalledTimes(2);
  });
});
