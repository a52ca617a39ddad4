// Performance figures, printed beside their limits; never asserted in tests (issue 15, docs/performance.md).
//
// The API runs as in production: the built server (`node apps/api/dist/server.js`), NODE_ENV=production,
// its normal logging (to a file), in a process of its own. The load comes from this process over
// HTTP keep-alive connections, and each call is set beside the best bare node-postgres query that
// returns the same page, run from this process at the same concurrency.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { hashPassword } from '../apps/api/src/features/auth/passwords';
import { openPostgres } from '../apps/api/src/db/client';
import { applyMigrations } from '../apps/api/src/db/migrate';
import { seedCatalogue } from '../apps/api/src/db/seed/catalogue';
import { LARGE_SHOW, seedLargeShow } from '../apps/api/src/db/seed/large';
import { loginPageJs } from './login-js';
import { launchBrowser, measurePage, medianVitals } from './web-vitals';
import { WEB_DIST } from './web-dist';

const SERVER = fileURLToPath(new URL('../apps/api/dist/server.js', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 3450);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCIES = [8, 32];
const BENCH_EMAIL = 'bench-root@bench.example';
const BENCH_PASSWORD = 'Bench-Root-2027';
const PER_PAGE = 50;

const load = () => `load ${loadavg().map((n) => n.toFixed(2)).join(' ')}`;

/**
 * The database: BENCH_SEEDED_DATABASE_URL names one that already holds the large show (kept between
 * runs); otherwise BENCH_DATABASE_URL names a server on which a scratch database is created, seeded
 * and dropped afterwards.
 */
async function openDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const seeded = process.env.BENCH_SEEDED_DATABASE_URL;
  if (seeded) return { url: seeded, drop: async () => {} };
  const server = process.env.BENCH_DATABASE_URL;
  if (!server) throw new Error('Set BENCH_DATABASE_URL=postgres://… (a server) or BENCH_SEEDED_DATABASE_URL (a database seeded by `npm run seed:large`).');
  const name = `portal_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  await applyMigrations(handle);
  await seedCatalogue(handle.db);
  const started = performance.now();
  await seedLargeShow(handle.db);
  console.log(`Seeded ${LARGE_SHOW.exhibitors} exhibitors and ${LARGE_SHOW.badges} badges in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  await handle.close();
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function ensureBenchAdmin(client: pg.Client) {
  const hash = await hashPassword(BENCH_PASSWORD);
  await client.query(
    `insert into admins (email, password_hash, first_name, last_name) values ($1, $2, 'Bench', 'Root')
       on conflict do nothing`,
    [BENCH_EMAIL, hash],
  );
  await client.query(
    `insert into admin_roles (admin_id, role_id)
       select a.id, r.id from admins a, roles r where a.email = $1 and r.name = 'System Admin' and r.is_system
       on conflict do nothing`,
    [BENCH_EMAIL],
  );
}

type Api = { pid: number; address: string; logFile: string; stop(): Promise<void> };

async function startApi(databaseUrl: string): Promise<Api> {
  const logFile = join(tmpdir(), `portal-bench-api-${process.pid}.log`);
  const log = createWriteStream(logFile);
  const child: ChildProcess = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-42',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      WEB_DIST_DIR: WEB_DIST,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const address = `http://127.0.0.1:${PORT}`;
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`The API exited (${child.exitCode}); see ${logFile}`);
    const ok = await fetch(`${address}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    pid: child.pid!,
    address,
    logFile,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** CPU time a process has used so far (user + system), in ms, from /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name; in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident memory of a process, from /proc. */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

type Result = { rps: number; p50: number; p95: number; count: number; calls: number };

/** Runs `task` from `concurrency` loops for `seconds` (SECONDS unless given) after a one-second warm-up; latency per call. */
async function drive(concurrency: number, task: () => Promise<void>, seconds = SECONDS): Promise<Result> {
  let calls = 0;
  const run = async (seconds: number, record: number[] | null) => {
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < end) {
          const start = performance.now();
          await task();
          calls++;
          record?.push(performance.now() - start);
        }
      }),
    );
  };
  await run(1, null);
  const timings: number[] = [];
  const started = performance.now();
  await run(seconds, timings);
  const elapsed = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  const at = (p: number) => timings[Math.min(timings.length - 1, Math.floor(p * timings.length))]!;
  return { rps: timings.length / elapsed, p50: at(0.5), p95: at(0.95), count: timings.length, calls };
}

/** One HTTP call on a keep-alive agent; fails on any status but 200. */
function call(agent: Agent, address: string, token: string, path: string, body?: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${address}${path}`,
      {
        agent,
        method: payload ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity', ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${path}: ${res.statusCode}`))));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The page as the API gives it: every column of the list row, the category, owner company, creator and answers. */
const BADGE_PAGE = (inner: string) => `
  select b.id, b.event_id, e.name as event_name, b.badge_category_id, bc.name as category_name, bc.type, bc.badge_type as category_badge_type,
         b.exhibitor_id, c.name as company_name, b.created_by_admin_id, cr.first_name || ' ' || cr.last_name as created_by_name,
         b.first_name, b.last_name, b.email, b.phone, b.badge_type, b.status, b.code, b.created_at, b.updated_at,
         coalesce((select json_agg(json_build_object('customFieldId', v.custom_field_id, 'key', f.key, 'label', f.label, 'value', v.value,
                    'file', case when fl.id is null then null else json_build_object('id', fl.id, 'name', fl.original_name,
                      'contentType', fl.content_type, 'sizeBytes', fl.size_bytes) end) order by f.sort_order, f.id)
                   from badge_field_values v join custom_fields f on f.id = v.custom_field_id left join files fl on fl.id = v.file_id
                  where v.badge_id = b.id), '[]') as answers
    from (${inner}) b
    join events e on e.id = b.event_id
    join badge_categories bc on bc.id = b.badge_category_id
    left join admins o on o.id = b.exhibitor_id
    left join companies c on c.id = o.company_id
    left join admins cr on cr.id = b.created_by_admin_id
   order by b.created_at desc, b.id desc`;

/** The exhibitors page as the API gives it: account, company, profile, and the counts of sub-accounts and badges. */
const EXHIBITOR_PAGE = `
  select a.id, a.event_id, e.name as event_name, a.company_id, c.name as company_name, a.first_name, a.last_name, a.email,
         p.phone, p.booth, p.hall, p.website, p.profile, a.is_active, a.password_hash is not null as has_password,
         a.last_login_at, a.created_at, a.updated_at,
         (select cast(count(*) as integer) from admins sub where sub.exhibitor_id = a.id) as sub_accounts,
         (select cast(count(*) as integer) from badges b where b.exhibitor_id = a.id) as badges
    from (select a.id, c.name collate "name_order" as sort_name from admins a left join companies c on c.id = a.company_id
           where a.event_id = $1 and a.exhibitor_id is null
             and exists (select 1 from admin_roles ar join roles r on r.id = ar.role_id where ar.admin_id = a.id and r.name = 'Exhibitor')
           order by c.name collate "name_order", a.id limit ${PER_PAGE}) page
    join admins a on a.id = page.id
    join events e on e.id = a.event_id
    left join companies c on c.id = a.company_id
    left join exhibitor_profiles p on p.admin_id = a.id
   order by page.sort_name, a.id`;

type Scenario = { name: string; path: string; body?: unknown; bare?: { describe: string; text: string; values: unknown[] } };

async function scenarios(client: pg.Client): Promise<Scenario[]> {
  const { rows: [event] } = await client.query<{ id: number }>(`select id from events where slug = $1`, [LARGE_SHOW.slug]);
  const eventId = event!.id;
  const { rows: [staff] } = await client.query<{ id: number }>(`select id from badge_categories where event_id = $1 and name = 'Exhibitor staff'`, [eventId]);
  // The last row of page 999: page 1,000 bare is a keyset read from there.
  const { rows: [cursor] } = await client.query<{ created_at: Date; id: number }>(
    `select created_at, id from badges where event_id = $1 order by created_at desc, id desc offset $2 limit 1`,
    [eventId, 999 * PER_PAGE - 1],
  );
  const { rows: [exhibitor] } = await client.query<{ id: number }>(`select id from admins where email = 'exhibitor7@company7.example'`);
  const page = `select * from badges where event_id = $1`;
  const order = `order by created_at desc, id desc limit ${PER_PAGE}`;
  return [
    {
      name: 'badges, page 1',
      path: `/api/admin/exhibitor-users?eventId=${eventId}&per_page=${PER_PAGE}`,
      bare: { describe: 'first 50 by the (event, created_at, id) index, no count', text: BADGE_PAGE(`${page} ${order}`), values: [eventId] },
    },
    {
      name: 'badges, page 1,000',
      path: `/api/admin/exhibitor-users?eventId=${eventId}&per_page=${PER_PAGE}&page=1000`,
      bare: {
        describe: 'keyset after the last row of page 999, no count',
        text: BADGE_PAGE(`${page} and (created_at, id) < ($2, $3) ${order}`),
        values: [eventId, cursor!.created_at, cursor!.id],
      },
    },
    {
      name: 'badges of one category',
      path: `/api/admin/exhibitor-users?eventId=${eventId}&badgeCategoryId=${staff!.id}&per_page=${PER_PAGE}`,
      bare: { describe: 'first 50 by the (event, category, created_at, id) index, no count', text: BADGE_PAGE(`${page} and badge_category_id = $2 ${order}`), values: [eventId, staff!.id] },
    },
    {
      name: 'badges of one exhibitor',
      path: `/api/admin/exhibitor-users?exhibitorId=${exhibitor!.id}&per_page=${PER_PAGE}`,
      bare: { describe: 'first 50 by the (exhibitor, created_at, id) index, no count', text: BADGE_PAGE(`select * from badges where exhibitor_id = $1 ${order}`), values: [exhibitor!.id] },
    },
    {
      name: 'search, common (anna)',
      path: `/api/admin/exhibitor-users?eventId=${eventId}&search=anna&per_page=${PER_PAGE}`,
      bare: {
        describe: 'name/email trigram or email prefix, first 50, no count (no company matches)',
        text: BADGE_PAGE(`${page} and (email like $2 or (first_name || ' ' || last_name || ' ' || email) ilike $3) ${order}`),
        values: [eventId, 'anna%', '%anna%'],
      },
    },
    {
      name: 'search, rare (Ingrid Moen)',
      path: `/api/admin/exhibitor-users?eventId=${eventId}&search=Ingrid%20Moen&per_page=${PER_PAGE}`,
      bare: {
        describe: 'name/email trigram or email prefix, first 50, no count (no company matches)',
        text: BADGE_PAGE(`${page} and (email like $2 or (first_name || ' ' || last_name || ' ' || email) ilike $3) ${order}`),
        values: [eventId, 'ingrid moen%', '%Ingrid Moen%'],
      },
    },
    {
      name: 'search, email prefix',
      path: `/api/admin/exhibitor-users?eventId=${eventId}&search=sofia.berg&per_page=${PER_PAGE}`,
      bare: {
        describe: 'email prefix or trigram, first 50, no count',
        text: BADGE_PAGE(`${page} and (email like $2 or (first_name || ' ' || last_name || ' ' || email) ilike $3) ${order}`),
        values: [eventId, 'sofia.berg%', '%sofia.berg%'],
      },
    },
    {
      name: 'advanced filter',
      path: '/api/admin/exhibitor-users/advanced-filter',
      body: {
        eventId,
        per_page: PER_PAGE,
        combinator: 'and',
        conditions: [
          { field: 'lastName', operator: 'eq', value: 'Dahl' },
          { field: 'email', operator: 'contains', value: 'company1' },
        ],
      },
      bare: {
        describe: 'lower(last_name) = … and email ilike …, first 50, no count',
        text: BADGE_PAGE(`${page} and lower(last_name) = lower($2) and email ilike $3 ${order}`),
        values: [eventId, 'Dahl', '%company1%'],
      },
    },
    {
      name: 'exhibitors, page 1',
      path: `/api/admin/exhibitors?eventId=${eventId}&per_page=${PER_PAGE}`,
      bare: { describe: 'first 50 by company name (companies joined and sorted), with sub-account and badge counts, no total', text: EXHIBITOR_PAGE, values: [eventId] },
    },
    { name: '/api/auth/me', path: '/api/auth/me' },
  ];
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main() {
  console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; ${load()} at start.`);
  const database = await openDatabase();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await ensureBenchAdmin(client);
  const { rows: [pgVersion] } = await client.query<{ server_version: string }>('show server_version');
  const api = await startApi(database.url);
  console.log(`PostgreSQL ${pgVersion!.server_version}; API pid ${api.pid} (node apps/api/dist/server.js, NODE_ENV=production, log in ${api.logFile}).`);
  try {
    const login = await fetch(`${api.address}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
    });
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    console.log(`API memory at rest after start: ${rssMiB(api.pid).toFixed(0)} MiB RSS.\n`);

    const list = await scenarios(client);
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(api.pid))), 100);
    // The server has just started: each call runs for a while unmeasured first, so that none is
    // measured while its code is still being compiled and the pool's connections prepare statements.
    const warmUp = new Agent({ keepAlive: true, maxSockets: CONCURRENCIES[0] });
    for (const scenario of list) await drive(CONCURRENCIES[0]!, () => call(warmUp, api.address, token, scenario.path, scenario.body), 1);
    warmUp.destroy();
    for (const concurrency of CONCURRENCIES) {
      const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
      const pool = new pg.Pool({ connectionString: database.url, max: concurrency });
      console.log(`${concurrency} concurrent connections, ${SECONDS} s per call after 1 s of warm-up (aim: p95 under 100 ms at 8, API within 2× of bare):`);
      console.log(`${'call'.padEnd(28)} ${'API req/s'.padStart(9)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'CPU/call'.padStart(8)} | ${'bare req/s'.padStart(10)} ${'p95'.padStart(9)} | ${'ratio'.padStart(7)} | ${'load'}`);
      for (const scenario of list) {
        const cpuBefore = cpuMs(api.pid);
        const apiResult = await drive(concurrency, () => call(agent, api.address, token, scenario.path, scenario.body));
        // CPU the API process spent per call (warm-up included): its own cost, whatever share of the cores it got.
        const cpuPerCall = (cpuMs(api.pid) - cpuBefore) / apiResult.calls;
        let bareText = '';
        if (scenario.bare) {
          const { text, values } = scenario.bare;
          // Named: prepared once per connection, as the best a hand-written client could do.
          const name = `bench_${list.indexOf(scenario)}`;
          const bare = await drive(concurrency, async () => {
            await pool.query({ name, text, values });
          });
          bareText = `${bare.rps.toFixed(0).padStart(10)} ${ms(bare.p95).padStart(9)} | ${(bare.rps / apiResult.rps).toFixed(2).padStart(6)}×`;
        } else {
          bareText = `${'—'.padStart(10)} ${''.padStart(9)} | ${''.padStart(7)}`;
        }
        console.log(
          `${scenario.name.padEnd(28)} ${apiResult.rps.toFixed(0).padStart(9)} ${ms(apiResult.p50).padStart(9)} ${ms(apiResult.p95).padStart(9)} ${ms(cpuPerCall).padStart(8)} | ${bareText} | ${load()}`,
        );
      }
      await pool.end();
      agent.destroy();
      console.log('');
    }
    clearInterval(sampler);
    console.log(`API memory: peak under load ${peak.toFixed(0)} MiB RSS; at rest after the load ${rssMiB(api.pid).toFixed(0)} MiB RSS.`);
    console.log('\nBare queries (each prepared, run through node-postgres from the load process):');
    for (const scenario of list) if (scenario.bare) console.log(`  ${scenario.name}: ${scenario.bare.describe}`);

    console.log(`\n${await concurrentCreation(client, api.address)}`);
    console.log(`\nLogin page JavaScript: ${await loginPageJs(api.address)}`);
    const { rows: [event] } = await client.query<{ id: number }>(`select id from events where slug = $1`, [LARGE_SHOW.slug]);
    await webVitals(api.address, event!.id);
  } finally {
    await api.stop();
    await client.end();
    await database.drop();
  }
}

/**
 * Badge creation by one exhibitor from 32 connections against an allocation with fewer free places
 * than requests: throughput, and whether the allocation ever overshoots.
 */
async function concurrentCreation(client: pg.Client, address: string): Promise<string> {
  const email = 'exhibitor7@company7.example';
  const { rows: [target] } = await client.query<{ exhibitor: number; category: number; field: number }>(
    `select a.id as exhibitor, bc.id as category, cf.id as field
       from admins a join badge_categories bc on bc.event_id = a.event_id and bc.name = 'Exhibitor staff'
       join custom_fields cf on cf.event_id = a.event_id and cf.key = 'job_title'
      where a.email = $1`,
    [email],
  );
  const places = 300;
  const attempts = places + 100;
  await client.query(`update allocations set quantity = used + $3 where admin_id = $1 and badge_category_id = $2`, [target!.exhibitor, target!.category, places]);
  const login = await fetch(`${address}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: LARGE_SHOW.password }),
  });
  if (!login.ok) throw new Error(`exhibitor login: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  let created = 0;
  let refused = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < attempts) {
        const i = next++;
        const res = await fetch(`${address}/api/admin/exhibitor-users`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            firstName: 'Bench',
            lastName: `Creator ${i}`,
            email: `creator${i}.${process.pid}@bench.example`,
            badgeCategoryId: target!.category,
            customFieldValues: [{ customFieldId: target!.field, value: 'Engineer' }],
          }),
        });
        if (res.status === 201) created++;
        else if (res.status === 422) refused++;
        else throw new Error(`creation: ${res.status} ${await res.text()}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const { rows: [after] } = await client.query<{ quantity: number; used: number; badges: number }>(
    `select al.quantity, al.used, (select count(*)::int from badges b where b.allocation_id = al.id) as badges
       from allocations al where al.admin_id = $1 and al.badge_category_id = $2`,
    [target!.exhibitor, target!.category],
  );
  const sound = after!.used === after!.badges && after!.used <= after!.quantity;
  return (
    `Badge creation, 32 concurrent creators, ${attempts} attempts for ${places} free places: ${(attempts / seconds).toFixed(0)} requests/s, ` +
    `${created} created, ${refused} refused with 422; allocation ${after!.used}/${after!.quantity} used, ${after!.badges} badges (${sound ? 'no overshoot' : 'OVERSHOOT'}; ${load()}).`
  );
}

/** FCP, LCP and TBT of /login and of the badge list with 100,000 badges, median of 5 cold loads each. */
async function webVitals(address: string, eventId: number) {
  if (!existsSync(`${WEB_DIST}index.html`)) return console.log('Web timings: skipped, run `npm run build` first');
  const browser = await launchBrowser();
  try {
    const login = await medianVitals(5, () =>
      measurePage(browser, `${address}/login`, (page) => page.getByRole('button', { name: 'Sign in' }).waitFor()),
    );
    // A signed-in visit: the session the login form would store, then the badge list opened cold.
    const answer = (await (
      await fetch(`${address}/api/admin/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
      })
    ).json()) as { admin: { type?: string }; token: string; refreshToken: string };
    const session = JSON.stringify({ user: answer.admin, accessToken: answer.token, refreshToken: answer.refreshToken, type: 'systemAdmin' });
    const list = await medianVitals(5, () =>
      measurePage(
        browser,
        `${address}/users?eventId=${eventId}`,
        (page) => page.getByRole('row').nth(1).waitFor({ timeout: 30_000 }),
        async (page) => {
          await page.addInitScript(`localStorage.setItem('exhibitor-portal-auth', ${JSON.stringify(session)})`);
        },
      ),
    );
    const line = (name: string, v: { fcp: number; lcp: number; tbt: number; jsKiB: number }) =>
      `${name.padEnd(36)} FCP ${ms(v.fcp).padStart(9)}  LCP ${ms(v.lcp).padStart(9)}  TBT ${ms(v.tbt).padStart(8)}  JS by network idle ${v.jsKiB.toFixed(1)} KiB`;
    console.log(`\nWeb timings, headless Chromium, median of 5 cold loads (${load()}):`);
    console.log(line('/login', login));
    console.log(line('/users (badge list, 100,000 badges)', list));
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
