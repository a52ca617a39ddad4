/**
 * A USB or Bluetooth (HID) scanner types the code as keystrokes and ends it with Enter. The buffer
 * collects the characters typed anywhere on the page and hands over the code at Enter. A pause
 * longer than `maxGapMs` between two keys starts a new code, so stray key presses made by hand
 * before a scan do not stick to it.
 */
export type KeyBuffer = {
  /** Feeds one key (`KeyboardEvent.key`) pressed at `at` ms; returns the finished code at Enter. */
  push(key: string, at: number): string | null;
  clear(): void;
};

export function createKeyBuffer({ maxGapMs = 100 }: { maxGapMs?: number } = {}): KeyBuffer {
  let chars = '';
  let lastAt = -Infinity;
  return {
    push(key, at) {
      if (at - lastAt > maxGapMs) chars = '';
      lastAt = at;
      if (key === 'Enter') {
        const code = chars.trim();
        chars = '';
        return code.length > 0 ? code : null;
      }
      // Shift, Tab and the other named keys are no characters of a code.
      if (key.length === 1) chars += key;
      return null;
    },
    clear() {
      chars = '';
      lastAt = -Infinity;
    },
  };
}

/** Keys typed into a form field belong to that field, not to the scanner. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
  }
  return false;
}
