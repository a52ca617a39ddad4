// The API as the benchmark measures it against PostgreSQL: in its own process, so that the load
// generator does not share its event loop. Prints its address on the first line of output.
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openPostgres } from '../apps/api/src/db/client';
import { WEB_DIST } from './web-dist';

const url = process.env.BENCH_API_DATABASE_URL;
const secret = process.env.BENCH_API_SECRET;
if (!url || !secret) throw new Error('BENCH_API_DATABASE_URL and BENCH_API_SECRET are required');

const database = openPostgres(url, { max: Number(process.env.BENCH_API_POOL ?? 10) });
// PDF_WORKERS passes through, to compare the archive with and without its workers.
const config = {
  ...loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: WEB_DIST, PDF_WORKERS: process.env.PDF_WORKERS }),
  NODE_ENV: 'production' as const,
};
const app = await buildApp({ config, database, secret, logger: false });
console.log(await app.listen({ host: '127.0.0.1', port: 0 }));
process.on('SIGTERM', () => {
  void app.close().then(() => database.close()).then(() => process.exit(0));
});
