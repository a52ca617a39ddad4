import { describe, expect, it } from 'vitest';
import { createKeyBuffer, isTypingTarget } from './key-buffer';

function type(buffer: ReturnType<typeof createKeyBuffer>, keys: string[], start = 0, gap = 10) {
  return keys.map((key, i) => buffer.push(key, start + i * gap));
}

describe('the handheld scanner key buffer', () => {
  it('makes a code of the keys typed before Enter', () => {
    const buffer = createKeyBuffer();
    const out = type(buffer, [...'K7M9Q2XR4T', 'Enter']);
    expect(out.slice(0, -1).every((code) => code === null)).toBe(true);
    expect(out.at(-1)).toBe('K7M9Q2XR4T');
  });

  it('skips named keys such as Shift and starts afresh after each code', () => {
    const buffer = createKeyBuffer();
    expect(type(buffer, ['Shift', 'A', 'Shift', 'B', '3', 'Enter']).at(-1)).toBe('AB3');
    expect(type(buffer, ['Z', '9', 'Enter'], 100).at(-1)).toBe('Z9');
  });

  it('drops keys typed slowly by hand before a scan', () => {
    const buffer = createKeyBuffer({ maxGapMs: 100 });
    buffer.push('x', 0);
    buffer.push('y', 50);
    // A long pause, then the scanner's burst.
    expect(type(buffer, [...'CODE42', 'Enter'], 2000).at(-1)).toBe('CODE42');
  });

  it('gives no code for Enter alone', () => {
    const buffer = createKeyBuffer();
    expect(buffer.push('Enter', 0)).toBeNull();
    expect(type(buffer, [' ', ' ', 'Enter'], 1000).at(-1)).toBeNull();
  });

  it('leaves keys typed into form fields to the field', () => {
    const input = document.createElement('input');
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
    const textarea = document.createElement('textarea');
    const select = document.createElement('select');
    expect([input, textarea, select].map(isTypingTarget)).toEqual([true, true, true]);
    expect(isTypingTarget(checkbox)).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
  });
});
