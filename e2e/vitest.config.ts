import { defineConfig } from 'vitest/config';

// Browser tests share one server and one Chromium per file: run the files one after another.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // expect.poll waits for the page like Playwright's own waits do; its 1 s default is too short
    // for a loaded machine.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
