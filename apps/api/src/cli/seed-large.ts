import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { LARGE_SHOW, seedLargeShow } from '../db/seed/large';

/** `npm run seed:large`: the show used by the benchmark, into the configured database. */
async function main() {
  const { database, release } = await openConfiguredDatabase(loadConfig());
  const started = performance.now();
  try {
    const eventId = await seedLargeShow(database.db, (line) =>
      console.log(`${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s  ${line}`),
    );
    console.log(`Seeded event ${eventId} (${LARGE_SHOW.slug}) in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    console.log(`Exhibitor logins: exhibitor1@company1.example … exhibitor${LARGE_SHOW.exhibitors}@company${LARGE_SHOW.exhibitors}.example, password ${LARGE_SHOW.password}`);
  } finally {
    await release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
