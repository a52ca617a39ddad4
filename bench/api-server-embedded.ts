// The API on the embedded database (PGlite under BENCH_DATA_DIR), in its own process as `npm start`
// runs it, with the bench show seeded: prints one JSON line with its address and the show's ids.
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openConfiguredDatabase } from '../apps/api/src/db/open';
import { seedBenchShow } from './bulk-seed';

const dataDir = process.env.BENCH_DATA_DIR;
const secret = process.env.BENCH_API_SECRET;
if (!dataDir || !secret) throw new Error('BENCH_DATA_DIR and BENCH_API_SECRET are required');

const config = { ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, APP_SECRET: secret }), NODE_ENV: 'production' as const };
const { database, release } = await openConfiguredDatabase(config);
const show = await seedBenchShow(database, secret);
const app = await buildApp({ config, database, secret, logger: false });
console.log(JSON.stringify({ address: await app.listen({ host: '127.0.0.1', port: 0 }), ...show }));
process.on('SIGTERM', () => {
  void app.close().then(release).then(() => process.exit(0));
});
