import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    include: ['apps/api/src/**/*.test.ts'],
    globalSetup: ['apps/api/src/test/global-setup.ts'],
    // Two cores: a few files at a time, each on its own copy of the migrated database.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
