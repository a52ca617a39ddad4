import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const api = './apps/api/vitest.config.ts';

// The API's database tests run on the embedded PGlite always, and on PostgreSQL too when
// TEST_DATABASE_URL names a server (CI sets it).
export default defineConfig({
  test: {
    // Two cores here: a few files at a time, each API file on its own copy of the migrated database.
    maxWorkers: 2,
    projects: [
      './packages/shared/vitest.config.ts',
      ...(existsSync('./apps/web/vitest.config.ts') ? ['./apps/web/vitest.config.ts'] : []),
      { extends: api, test: { name: 'api (PGlite)', env: { TEST_DB: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ extends: api, test: { name: 'api (PostgreSQL)', env: { TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
