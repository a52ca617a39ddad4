import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useHidScanner } from './use-hid-scanner';

function Page({ onCode, onEnter }: { onCode: (code: string) => void; onEnter: () => void }) {
  useHidScanner(onCode, onEnter);
  return (
    <div>
      <label htmlFor="name">Name</label>
      <input id="name" />
      <button type="button">Elsewhere</button>
    </div>
  );
}

function scanInto(target: Element, code: string) {
  for (const key of [...code, 'Enter']) fireEvent.keyDown(target, { key });
}

describe('a handheld scanner on the page', () => {
  it('scans a code typed anywhere but in a form field', () => {
    const onCode = vi.fn();
    const onEnter = vi.fn();
    render(<Page onCode={onCode} onEnter={onEnter} />);
    scanInto(document.body, 'K7M9Q2XR4T');
    scanInto(screen.getByRole('button'), 'HP3WQ8ZN6M');
    expect(onCode.mock.calls).toEqual([['K7M9Q2XR4T'], ['HP3WQ8ZN6M']]);
    expect(onEnter).not.toHaveBeenCalled();
  });

  it('leaves what is typed into a field to the field, and passes a lone Enter on', () => {
    const onCode = vi.fn();
    const onEnter = vi.fn();
    render(<Page onCode={onCode} onEnter={onEnter} />);
    scanInto(screen.getByLabelText('Name'), 'Ada');
    expect(onCode).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(onEnter).toHaveBeenCalledTimes(1);
  });
});
