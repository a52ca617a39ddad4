import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    include: ['apps/api/src/**/*.test.ts'],
    globalSetup: ['apps/api/src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
