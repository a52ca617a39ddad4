// Check-in figures at the door of a 100,000-badge show, printed beside their aims; never asserted in
// tests (docs/check-in.md, Performance). The built API (`node apps/api/dist/server.js`, NODE_ENV=production)
// runs in its own process on a scratch PostgreSQL database holding the large show (db/seed/large.ts); the load
// comes from this process over keep-alive connections. Beside the redeem call, the floor: the bare
// SQL that records a check-in and answers with the badge (one statement), at the same concurrency,
// in the same run.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DEVICE_TOKEN_PREFIX } from '@portal/shared/check-in';
import { openPostgres, queryRows } from '../apps/api/src/db/client';
import { applyMigrations } from '../apps/api/src/db/migrate';
import { seedCatalogue } from '../apps/api/src/db/seed/catalogue';
import { LARGE_SHOW, seedLargeShow } from '../apps/api/src/db/seed/large';
import { secretHash } from '../apps/api/src/features/check-in/pairing';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECRET = 'bench-secret-bench-secret-bench-secret-42';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const API = fileURLToPath(new URL('../apps/api/dist/server.js', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 3462);
const CONNECTIONS = 32;
const SYNC_BATCH = 1000;
/** A scan every 100 ms from each of the 32 doors: 320 a second, far above any real entrance. */
const PACE_MS = 100;

/** CPU time a process has used so far (user + system), in ms, from /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

type Latencies = { count: number; seconds: number; p50: number; p95: number; p99: number };

function summarise(samples: number[], seconds: number): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { count: sorted.length, seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

const describe = (r: Latencies) =>
  `${r.count} calls in ${r.seconds} s (${(r.count / r.seconds).toFixed(0)}/s), p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`;

/**
 * Runs `task` from `concurrency` loops for SECONDS after a one-second warm-up, timing each call.
 * Without `paceMs` each loop calls again as soon as answered (the most the server can do, so the
 * latency is mostly queueing); with it each loop starts a call every `paceMs`, as a door scans.
 */
async function drive(concurrency: number, task: (loop: number) => Promise<void>, paceMs = 0): Promise<Latencies> {
  const run = async (seconds: number, samples: number[] | null) => {
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async (_v, loop) => {
        // Loops start spread over one pace, as doors do not scan in step.
        if (paceMs) await new Promise((resolve) => setTimeout(resolve, (paceMs * loop) / concurrency));
        while (performance.now() < end) {
          const start = performance.now();
          await task(loop);
          samples?.push(performance.now() - start);
          const rest = paceMs - (performance.now() - start);
          if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
        }
      }),
    );
  };
  await run(1, null);
  const samples: number[] = [];
  await run(SECONDS, samples);
  return summarise(samples, SECONDS);
}

type Answer = { status: number; bytes: number; body: Buffer };

function call(agent: Agent, address: string, method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(path, address);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent,
        headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const all = Buffer.concat(chunks);
          resolve({ status: res.statusCode!, bytes: all.length, body: all });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function main() {
  const admin = new pg.Client({ connectionString: SERVER });
  try {
    await admin.connect();
  } catch {
    console.log(`\nCheck-in: skipped, no PostgreSQL at ${new URL(SERVER).host} (set BENCH_DATABASE_URL).`);
    return;
  }
  const name = `portal_bench_check_in_${process.pid}`;
  await admin.query(`create database ${name}`);
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), { max: CONNECTIONS });
  const db = database.db;
  let child: ReturnType<typeof spawn> | undefined;
  try {
    await applyMigrations(database);
    await seedCatalogue(db);
    const seeding = performance.now();
    await seedLargeShow(db);
    console.log(`\nCheck-in: seeded ${LARGE_SHOW.badges} badges in ${((performance.now() - seeding) / 1000).toFixed(1)} s.`);
    const [event] = await queryRows<{ id: number }>(db, sql`select id from events where slug = ${LARGE_SHOW.slug}`);
    const eventId = event!.id;
    const rules = JSON.stringify(['exhibitor', 'visitor', 'contractor', 'vip'].map((badgeType) => ({ badgeType, windows: [] })));
    const [list] = await queryRows<{ id: number }>(
      db,
      sql`insert into check_in_lists (event_id, name, rules) values (${eventId}, 'Hall entrance', ${rules}::jsonb) returning id`,
    );
    const listId = list!.id;
    // One device per connection, as 32 doors would be.
    const tokens: string[] = [];
    const deviceIds: number[] = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const token = `${DEVICE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const [device] = await queryRows<{ id: number }>(
        db,
        sql`insert into check_in_devices (event_id, name, role, token_hash, paired_at)
            values (${eventId}, ${`Door ${i + 1}`}, 'supervisor', ${secretHash(token)}, now()) returning id`,
      );
      await db.execute(sql`insert into check_in_device_lists (device_id, list_id) values (${device!.id}, ${listId})`);
      tokens.push(token);
      deviceIds.push(device!.id);
    }
    const codes = (await queryRows<{ id: number; code: string }>(db, sql`select id, code from badges where event_id = ${eventId} order by id`)).map((r) => r);
    await db.execute(sql`analyze`);

    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    child = spawn(process.execPath, [...profile, API], {
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: url.toString(), APP_SECRET: SECRET, HOST: '127.0.0.1', PORT: String(PORT), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const address = `http://127.0.0.1:${PORT}`;
    for (let i = 0; i < 300 && !(await fetch(`${address}/api/health`).then((r) => r.ok).catch(() => false)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });

    // Redeem: each call scans a badge not scanned before, so each is admitted (the full write).
    let next = 0;
    const nonce = () => randomBytes(12).toString('base64url');
    let refused = 0;
    const cpuBefore = cpuMs(child.pid!);
    const redeemTask = async (loop: number) => {
      const badge = codes[next++ % codes.length]!;
      const answer = await call(agent, address, 'POST', '/api/check-in/redeem', tokens[loop]!, {
        code: badge.code,
        listId,
        nonce: nonce(),
        scannedAt: new Date().toISOString(),
      });
      if (answer.status !== 200) refused++;
    };
    const redeem = await drive(CONNECTIONS, redeemTask);
    const redeemCpu = (cpuMs(child.pid!) - cpuBefore) / redeem.count;
    const redeemPaced = await drive(CONNECTIONS, redeemTask, PACE_MS);
    const admitted = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from check_ins where result = 'admitted'`);

    // The floor, the best that can be written by hand for the same answer: one statement that finds
    // the badge by its code with its category and company, records the log row and the presence,
    // and returns the badge as the door shows it; from a pool of 32 in this process, on badges not yet scanned.
    const pool = new pg.Pool({ connectionString: url.toString(), max: CONNECTIONS });
    let bare = Math.floor(codes.length / 2);
    const floorTask = async (loop: number) => {
      const badge = codes[bare++ % codes.length]!;
      await pool.query({
        name: 'bench_check_in',
        text: `with b as (select b.id, b.code, b.first_name, b.last_name, b.badge_category_id, b.badge_type, b.status, co.name as company,
                                 coalesce(nullif(bc.display_name, ''), bc.name) as category
                            from badges b left join badge_categories bc on bc.id = b.badge_category_id
                            left join admins ex on ex.id = b.exhibitor_id left join companies co on co.id = ex.company_id
                           where b.code = $1),
                    ci as (insert into check_ins (event_id, list_id, device_id, badge_id, code, holder_name, direction, method, result, nonce, scanned_at)
                           select $2, $3, $4, b.id, b.code, b.first_name || ' ' || b.last_name, 'entry', 'camera', 'admitted', $5, now() from b),
                    p as (insert into check_in_presence (list_id, badge_id, entries, inside, last_entry_at, last_device_id)
                          select $3, b.id, 1, true, now(), $4 from b
                          on conflict (list_id, badge_id) do update set entries = check_in_presence.entries + 1, inside = true,
                             last_entry_at = now(), updated_at = now())
               select * from b`,
        values: [badge.code, eventId, listId, deviceIds[loop], nonce()],
      });
    };
    const floor = await drive(CONNECTIONS, floorTask);
    const floorPaced = await drive(CONNECTIONS, floorTask, PACE_MS);
    await pool.end();
    // What any call costs that asks the database one trivial thing: the HTTP round trip and Fastify.
    const health = await drive(CONNECTIONS, async () => void (await call(agent, address, 'GET', '/api/health', '')), PACE_MS);

    // The roster of the whole show, as a device downloads it: gzip, then brotli, each the best of three.
    const rosterRun = async (encoding: string) => {
      let best = { ms: Infinity, bytes: 0, json: 0 };
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        const answer = await call(agent, address, 'GET', `/api/check-in/roster?listId=${listId}`, tokens[0]!, undefined, { 'accept-encoding': encoding });
        const ms = performance.now() - start;
        if (answer.status !== 200) throw new Error(`The roster answered ${answer.status}`);
        if (ms < best.ms) best = { ms, bytes: answer.bytes, json: 0 };
      }
      return best;
    };
    const gzip = await rosterRun('gzip');
    const br = await rosterRun('br');
    const plain = await call(agent, address, 'GET', `/api/check-in/roster?listId=${listId}`, tokens[0]!, undefined, { 'accept-encoding': 'identity' });
    const rows = (JSON.parse(plain.body.toString('utf8')) as { badges: unknown[] }).badges.length;

    // 1,000 scans queued offline, synced in one call.
    const queued = codes.slice(codes.length - SYNC_BATCH).map((badge) => ({
      code: badge.code,
      listId,
      nonce: nonce(),
      scannedAt: new Date(Date.now() - 60_000).toISOString(),
      localResult: 'admitted',
    }));
    const syncStart = performance.now();
    const synced = await call(agent, address, 'POST', '/api/check-in/sync', tokens[1]!, { scans: queued });
    const syncMs = performance.now() - syncStart;
    if (synced.status !== 200) throw new Error(`The sync answered ${synced.status}: ${synced.body.toString()}`);
    const syncAdmitted = (JSON.parse(synced.body.toString('utf8')) as { data: { results: { result: string }[] } }).data.results.filter((r) => r.result === 'admitted').length;

    console.log(
      `Check-in on PostgreSQL, API in its own process (its pool of 10), ${rows} badges on the list, ${CONNECTIONS} connections:` +
        `\n  POST /api/check-in/redeem (each a first entry, admitted): ${describe(redeem)}; ${refused} not 200; ${admitted[0]!.n} admitted in the log; API CPU ${redeemCpu.toFixed(2)} ms a call (warm-up included) — aim p95 < 20 ms` +
        `\n  bare SQL (one statement: the badge by its code, the log row and the presence upsert; pool of ${CONNECTIONS}): ${describe(floor)}` +
        `\n  paced, each connection a scan every ${PACE_MS} ms (${(CONNECTIONS * 1000) / PACE_MS} a second): redeem ${describe(redeemPaced)}` +
        `\n    bare SQL at the same pace: ${describe(floorPaced)}; redeem p95 ${(redeemPaced.p95 / floorPaced.p95).toFixed(1)}× the bare SQL's` +
        `\n    GET /api/health at the same pace (HTTP and one trivial query): ${describe(health)}` +
        `\n  GET /api/check-in/roster, all ${rows} badges: ${(plain.bytes / 1e6).toFixed(1)} MB of JSON; gzip ${(gzip.bytes / 1e6).toFixed(2)} MB as sent in ${gzip.ms.toFixed(0)} ms;` +
        ` brotli ${(br.bytes / 1e6).toFixed(2)} MB in ${br.ms.toFixed(0)} ms (best of three, over loopback)` +
        `\n  POST /api/check-in/sync of ${SYNC_BATCH} queued scans: ${syncMs.toFixed(0)} ms (${(syncMs / SYNC_BATCH).toFixed(2)} ms a scan), ${syncAdmitted} admitted` +
        `\n  (machine load when done: ${loadavg().map((n) => n.toFixed(1)).join(' ')} on ${cpus().length} cores)`,
    );
    agent.destroy();
  } finally {
    if (child) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
