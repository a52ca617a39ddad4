// Performance figures, printed beside their limits; never asserted in tests.
// Each API figure is measured beside the same repository query run bare through the driver.
import { sql } from 'drizzle-orm';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createPgliteClient, openPostgres, wrapPglite, type DatabaseHandle } from '../apps/api/src/db/client';
import { applyMigrations } from '../apps/api/src/db/migrate';
import { seedCatalogue } from '../apps/api/src/db/seed/catalogue';
import { listAdmins } from '../apps/api/src/features/admins/admins.repository';
import { createAccessTokens } from '../apps/api/src/features/auth/access-tokens';

const SECRET = 'bench-secret-bench-secret-bench-secret-42';
const CONCURRENCY = 32;
const REQUESTS = 640;
const ADMINS = 10_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(task: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  const timings: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) {
        const start = performance.now();
        await task();
        timings.push(performance.now() - start);
      }
    }),
  );
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p95: percentile(timings, 95) };
}

/**
 * PostgreSQL when BENCH_DATABASE_URL names a server (a scratch database is created on it and
 * dropped afterwards), otherwise an in-memory PGlite.
 */
async function openDatabase(): Promise<DatabaseHandle> {
  const server = process.env.BENCH_DATABASE_URL;
  let handle: DatabaseHandle;
  if (server) {
    const name = `portal_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    const opened = openPostgres(url.toString(), { max: CONCURRENCY });
    handle = {
      ...opened,
      close: async () => {
        await opened.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  } else {
    handle = wrapPglite(await createPgliteClient());
  }
  await applyMigrations(handle);
  await seedCatalogue(handle.db);
  return handle;
}

async function seedAdmins(db: DatabaseHandle['db']) {
  await db.execute(sql`insert into events (name, slug) values ('Bench Expo', 'bench-expo-' || floor(random() * 1e9)::text)`);
  // Names and domains combined from short lists: varied enough that trigram search behaves as on real data.
  await db.execute(sql`
    insert into admins (email, password_hash, first_name, last_name, event_id)
    select lower(f[1 + g % 23] || '.' || l[1 + (g / 23) % 29] || g) || '@' || d[1 + (g / 7) % 31] || '.example',
           'x', f[1 + g % 23], l[1 + (g / 23) % 29], (select max(id) from events)
      from generate_series(1, ${ADMINS}) g,
           (select array['Anna','Lars','Ingrid','Ola','Maja','Emil','Sofia','Jonas','Elin','Henrik','Nora','Aksel',
                         'Sara','Mikkel','Ida','Tobias','Frida','Magnus','Hanna','Jakob','Live','Oskar','Thea'] f,
                   array['Berg','Dahl','Eriksen','Hansen','Johansen','Larsen','Lindqvist','Nilsen','Olsen','Pedersen',
                         'Solberg','Strand','Haugen','Bakken','Moen','Lie','Holm','Aas','Vik','Lund','Ruud','Sandvik',
                         'Nygaard','Fossum','Brekke','Halvorsen','Kristiansen','Jensen','Karlsen'] l,
                   array['aurora','fjord','polar','nordlys','glacier','tundra','boreal','viking','kraken','lynx','elk',
                         'spruce','birch','granite','basalt','harbour','island','summit','valley','river','coast',
                         'meadow','forest','canyon','ridge','delta','lagoon','prairie','steppe','oasis','atoll'] d) names`);
  await db.execute(sql`
    insert into admin_roles (admin_id, role_id)
    select a.id, (select id from roles where name = 'Exhibitor') from admins a where a.email like '%@bench.example'
    on conflict do nothing`);
  await db.execute(sql`insert into admins (email, password_hash, first_name, last_name) values ('bench-root@bench.example', 'x', 'Bench', 'Root') on conflict do nothing`);
  await db.execute(sql`
    insert into admin_roles (admin_id, role_id)
    select a.id, (select id from roles where name = 'System Admin') from admins a where a.email = 'bench-root@bench.example'
    on conflict do nothing`);
  await db.execute(sql`analyze`);
  const result = (await db.execute(sql`select id from admins where email = 'bench-root@bench.example'`)) as unknown as {
    rows: { id: number }[];
  };
  return result.rows[0]!.id;
}

function loginPageJs(): string {
  const dist = new URL('../apps/web/dist/', import.meta.url);
  const index = new URL('index.html', dist);
  if (!existsSync(index)) return 'skipped: run `npm run build` first';
  const html = readFileSync(index, 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((m) => m[1]!);
  const bytes = scripts.reduce((sum, file) => sum + gzipSync(readFileSync(new URL(file, dist))).length, 0);
  return `${(bytes / 1024).toFixed(1)} KiB gzip in ${scripts.length} file(s) loaded by index.html (aim: under 200 KiB)`;
}

const format = (ms: number) => `${ms.toFixed(1)} ms`;

async function main() {
  const database = await openDatabase();
  const rootId = await seedAdmins(database.db);
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), NODE_ENV: 'production' as const };
  const app = await buildApp({ config, database, secret: SECRET, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const token = await createAccessTokens(SECRET).sign(rootId);
  const scope = { kind: 'global', vipOnly: false } as const;

  const scenarios = [
    { name: 'admins list, page 1', url: '/api/admin/admins?per_page=20', query: { page: 1, per_page: 20 } },
    { name: 'admins list, page 400', url: '/api/admin/admins?per_page=20&page=400', query: { page: 400, per_page: 20 } },
    {
      name: 'admins search by email',
      url: '/api/admin/admins?search=ingrid.moen4234',
      query: { page: 1, per_page: 20, search: 'ingrid.moen4234' },
    },
    { name: 'admins search by name', url: '/api/admin/admins?search=Sofia%20Sandvik', query: { page: 1, per_page: 20, search: 'Sofia Sandvik' } },
  ];

  console.log(`Database: ${database.kind}; ${ADMINS} accounts; ${REQUESTS} requests at ${CONCURRENCY} concurrent connections.`);
  console.log('Aim: p95 under 50 ms and within 2x of the bare query.\n');
  for (const scenario of scenarios) {
    const api = await measure(async () => {
      const res = await fetch(address + scenario.url, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) throw new Error(`${scenario.url}: ${res.status}`);
      await res.arrayBuffer();
    });
    const bare = await measure(() => listAdmins(database.db, scope, scenario.query));
    console.log(
      `${scenario.name.padEnd(26)} API p50 ${format(api.p50)}, p95 ${format(api.p95)} | bare query p50 ${format(bare.p50)}, p95 ${format(bare.p95)} | p95 ratio ${(api.p95 / bare.p95).toFixed(2)}x`,
    );
  }
  console.log(`\nLogin page JavaScript: ${loginPageJs()}`);
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
