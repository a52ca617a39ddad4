// Performance figures, printed beside their limits; never asserted in tests.
// Each API figure is measured beside the same repository query run bare through the driver.
import { and, sql } from 'drizzle-orm';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { get } from 'node:http';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createPgliteClient, openPostgres, queryRows, wrapPglite, type DatabaseHandle } from '../apps/api/src/db/client';
import { applyMigrations } from '../apps/api/src/db/migrate';
import { seedCatalogue } from '../apps/api/src/db/seed/catalogue';
import { LARGE_SHOW, seedLargeShow } from '../apps/api/src/db/seed/large';
import { WEB_DIST } from './web-dist';
import { listEventCategories } from '../apps/api/src/features/badge-categories/badge-categories.repository';
import { advancedFilterCondition } from '../apps/api/src/features/badges/advanced-filter';
import { badgeScopeFilter, filterConditions, listBadges } from '../apps/api/src/features/badges/badges.repository';
import { createAccessTokens } from '../apps/api/src/features/auth/access-tokens';
import { openDetachedSession } from '../apps/api/src/features/auth/refresh-tokens.repository';

const SECRET = 'bench-secret-bench-secret-bench-secret-42';
const CONCURRENCY = 32;
const REQUESTS = 640;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** p50 and p95 of `REQUESTS` runs at `CONCURRENCY`, after an untimed round that warms connections, caches and the JIT. */
async function measure(task: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await Promise.all(Array.from({ length: CONCURRENCY }, () => task()));
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
async function openDatabase(): Promise<{ handle: DatabaseHandle; url?: string }> {
  const server = process.env.BENCH_DATABASE_URL;
  let handle: DatabaseHandle;
  let url: URL | undefined;
  if (server) {
    const name = `portal_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name}`);
    url = new URL(server);
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
  return { handle, url: url?.toString() };
}

type Api = { address: string; close(): Promise<void> };

/**
 * The API under test. On PostgreSQL it runs in a process of its own with its default pool, as in
 * production, so that the load generator does not share its event loop; PGlite lives inside one
 * process, so there the API runs in this one.
 */
async function startApi(database: DatabaseHandle, url: string | undefined): Promise<Api> {
  if (url) {
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', new URL('api-server.ts', import.meta.url).pathname], {
      env: { ...process.env, BENCH_API_DATABASE_URL: url, BENCH_API_SECRET: SECRET },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [address] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    return {
      address,
      close: async () => {
        child.kill('SIGTERM');
        await once(child, 'exit');
      },
    };
  }
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: WEB_DIST }), NODE_ENV: 'production' as const };
  const app = await buildApp({ config, database, secret: SECRET, logger: false });
  return { address: await app.listen({ host: '127.0.0.1', port: 0 }), close: () => app.close() };
}

type ManifestChunk = { file: string; imports?: string[] };

/** Bytes on the wire for one GET, as a browser accepting brotli and gzip receives them. */
function bytesSent(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`${url}: ${res.statusCode}`));
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'none') }));
    }).on('error', reject);
  });
}

/**
 * The JavaScript a browser loads for the login page: the entry and its static imports, then the
 * login page's own chunk and its static imports, read from the build manifest and fetched from the
 * running server, compressed as it sends them.
 */
async function loginPageJs(address: string): Promise<string> {
  const manifestFile = `${WEB_DIST}.vite/manifest.json`;
  if (!existsSync(manifestFile)) return 'skipped: run `npm run build` first';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit('index.html');
  visit('src/features/auth/pages/login-page.tsx');
  const sent = await Promise.all([...files].map((file) => bytesSent(`${address}/${file}`)));
  const bytes = sent.reduce((sum, one) => sum + one.bytes, 0);
  const encodings = [...new Set(sent.map((one) => one.encoding))].join(', ');
  return `${(bytes / 1024).toFixed(1)} KiB sent over HTTP (${encodings}) in ${files.size} file(s): the entry, the login page and what they import (aim: under 100 KB)`;
}

const format = (ms: number) => `${ms.toFixed(1)} ms`;

async function main() {
  const { handle: database, url } = await openDatabase();
  const seedStart = performance.now();
  const eventId = await seedLargeShow(database.db);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const [root] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into admins (email, password_hash, first_name, last_name) values ('bench-root@bench.example', 'x', 'Bench', 'Root') returning id`,
  );
  await database.db.execute(sql`insert into admin_roles (admin_id, role_id) select ${root!.id}, id from roles where name = 'System Admin'`);
  const [staff] = await queryRows<{ id: number }>(database.db, sql`select id from badge_categories where event_id = ${eventId} and name = 'Exhibitor staff'`);
  const [exhibitor] = await queryRows<{ id: number }>(database.db, sql`select id from admins where email = 'exhibitor7@company7.example'`);

  const apiServer = await startApi(database, url);
  const address = apiServer.address;
  const tokens = createAccessTokens(SECRET);
  const rootToken = await tokens.sign({ adminId: root!.id, sessionId: await openDetachedSession(database.db, root!.id) });
  const scope = badgeScopeFilter({ kind: 'global', vipOnly: false }, ['exhibitor', 'visitor', 'contractor', 'vip']);
  const inEvent = (filter: Parameters<typeof filterConditions>[0]) => and(scope, ...filterConditions({ eventId, ...filter }));
  const advanced = {
    combinator: 'and' as const,
    conditions: [
      { field: 'lastName' as const, operator: 'eq' as const, value: 'Dahl' },
      { field: 'email' as const, operator: 'contains' as const, value: 'company1' },
    ],
  };

  type Scenario = { name: string; request: () => Promise<Response>; bare: () => Promise<unknown> };
  const get = (url: string) => () => fetch(address + url, { headers: { authorization: `Bearer ${rootToken}` } });
  const scenarios: Scenario[] = [
    {
      name: 'badges, page 1',
      request: get(`/api/admin/exhibitor-users?eventId=${eventId}&badgeCategoryId=${staff!.id}`),
      bare: () => listBadges(database.db, inEvent({ badgeCategoryId: staff!.id }), { page: 1, per_page: 20 }),
    },
    {
      name: 'badges, page 1,000',
      request: get(`/api/admin/exhibitor-users?eventId=${eventId}&badgeCategoryId=${staff!.id}&page=1000`),
      bare: () => listBadges(database.db, inEvent({ badgeCategoryId: staff!.id }), { page: 1000, per_page: 20 }),
    },
    {
      name: 'search, email prefix',
      request: get(`/api/admin/exhibitor-users?eventId=${eventId}&search=sofia.berg`),
      bare: () => listBadges(database.db, inEvent({ search: 'sofia.berg' }), { page: 1, per_page: 20 }),
    },
    {
      name: 'search, name',
      request: get(`/api/admin/exhibitor-users?eventId=${eventId}&search=Ingrid%20Moen`),
      bare: () => listBadges(database.db, inEvent({ search: 'Ingrid Moen' }), { page: 1, per_page: 20 }),
    },
    {
      name: 'advanced filter',
      request: () =>
        fetch(`${address}/api/admin/exhibitor-users/advanced-filter`, {
          method: 'POST',
          headers: { authorization: `Bearer ${rootToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ eventId, ...advanced }),
        }),
      bare: () => listBadges(database.db, and(inEvent({}), advancedFilterCondition(advanced)), { page: 1, per_page: 20 }),
    },
    {
      name: 'event badge categories',
      request: get(`/api/admin/badge-categories/event/${eventId}?type=badge&limit=50`),
      bare: () => listEventCategories(database.db, undefined, { eventId, type: 'badge', limit: 50 }),
    },
  ];

  console.log(`Database: ${database.kind}; API ${url ? 'in its own process' : 'in the benchmark process'}. Seeded ${LARGE_SHOW.exhibitors} exhibitors and ${LARGE_SHOW.badges} badges in ${seedSeconds.toFixed(1)} s.`);
  console.log(`${REQUESTS} requests per scenario at ${CONCURRENCY} concurrent connections; aim: p95 under 50 ms and within 2x of the bare query.\n`);
  for (const scenario of scenarios) {
    const api = await measure(async () => {
      const res = await scenario.request();
      if (!res.ok) throw new Error(`${scenario.name}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    });
    const bare = await measure(scenario.bare);
    console.log(
      `${scenario.name.padEnd(24)} API p50 ${format(api.p50).padStart(9)}, p95 ${format(api.p95).padStart(9)} | bare p50 ${format(bare.p50).padStart(9)}, p95 ${format(bare.p95).padStart(9)} | p95 ratio ${(api.p95 / bare.p95).toFixed(2)}x`,
    );
  }

  // Badge creation against an allocation with fewer places than requests: throughput, and no overshoot.
  const [allocation] = await queryRows<{ quantity: number; used: number }>(
    database.db,
    sql`select quantity, used from allocations where admin_id = ${exhibitor!.id} and badge_category_id = ${staff!.id}`,
  );
  const places = 300;
  await database.db.execute(sql`update allocations set quantity = used + ${places} where admin_id = ${exhibitor!.id} and badge_category_id = ${staff!.id}`);
  const exhibitorToken = await tokens.sign({ adminId: exhibitor!.id, sessionId: await openDetachedSession(database.db, exhibitor!.id) });
  let created = 0;
  let refused = 0;
  let next = 0;
  const attempts = places + 100;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < attempts) {
        const i = next++;
        const res = await fetch(`${address}/api/admin/exhibitor-users`, {
          method: 'POST',
          headers: { authorization: `Bearer ${exhibitorToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            firstName: 'Bench',
            lastName: `Creator ${i}`,
            email: `creator${i}@bench.example`,
            badgeCategoryId: staff!.id,
            customFieldValues: [{ customFieldId: (await jobTitleField(database, eventId)).id, value: 'Engineer' }],
          }),
        });
        if (res.status === 201) created++;
        else if (res.status === 422) refused++;
        else throw new Error(`creation: ${res.status} ${await res.text()}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const [after] = await queryRows<{ quantity: number; used: number; badges: number }>(
    database.db,
    sql`select al.quantity, al.used, (select count(*)::int from badges b where b.allocation_id = al.id) as badges
          from allocations al where al.admin_id = ${exhibitor!.id} and al.badge_category_id = ${staff!.id}`,
  );
  console.log(
    `\nBadge creation, ${CONCURRENCY} concurrent creators, ${attempts} attempts for ${places} free places: ${(attempts / seconds).toFixed(0)} requests/s, ` +
      `${created} created, ${refused} refused with 422; allocation ${after!.used}/${after!.quantity} used, ${after!.badges} badges ` +
      `(${after!.used === after!.badges && after!.used <= after!.quantity ? 'no overshoot' : 'OVERSHOOT'}; was ${allocation!.used}/${allocation!.quantity}).`,
  );

  console.log(`\nLogin page JavaScript: ${await loginPageJs(apiServer.address)}`);
  await apiServer.close();
  await database.close();
}

let jobTitle: Promise<{ id: number }> | undefined;
function jobTitleField(database: DatabaseHandle, eventId: number) {
  jobTitle ??= queryRows<{ id: number }>(database.db, sql`select id from custom_fields where event_id = ${eventId} and key = 'job_title'`).then(
    (rows) => rows[0]!,
  );
  return jobTitle;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
