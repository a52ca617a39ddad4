import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no matchMedia; the theme reads it for the system preference.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// jsdom has no ResizeObserver, with which Radix's checkbox and switch measure themselves; no test needs sizes.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// A page waits on lazy chunks and fake requests; on a busy two-core runner that can take over the
// one-second default, which would fail a test for the machine's load rather than for the page.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
