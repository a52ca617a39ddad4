// Check-in figures at the door of a 100,000-badge show, printed beside their aims; never asserted in
// tests (docs/check-in.md, Performance). The built API (`node apps/api/dist/server.js`, NODE_ENV=production)
// runs in its own process on a scratch PostgreSQL database holding the large show (db/seed/large.ts); the load
// comes from this process over keep-alive connections. Beside the redeem call, the floor: the bare
// SQL that records a check-in and answers with the badge (one statement), at the same concurrency,
// in the same run.
import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DEVICE_TOKEN_PREFIX } from '@portal/shared/check-in';
import { queryRows } from '../apps/api/src/db/client';
import { secretHash } from '../apps/api/src/features/check-in/pairing';
import { startBuiltApi, withLargeShow, type BuiltApi } from './large-show';
import { call, cpuMs, describeLatencies as describe, drive } from './load';

const PORT = Number(process.env.BENCH_PORT ?? 3462);
const CONNECTIONS = 32;
const SYNC_BATCH = 1000;
/** A scan every 100 ms from each of the 32 doors: 320 a second, far above any real entrance. */
const PACE_MS = 100;

async function main() {
  await withLargeShow('Check-in', CONNECTIONS, async ({ db, databaseUrl, eventId }) => {
    let api: BuiltApi | undefined;
    try {
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

      api = await startBuiltApi(databaseUrl, PORT);
      const { address } = api;
      const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });

      // Redeem: each call scans a badge not scanned before, so each is admitted (the full write).
      let next = 0;
      const nonce = () => randomBytes(12).toString('base64url');
      let refused = 0;
      const cpuBefore = cpuMs(api.pid);
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
      const redeemCpu = (cpuMs(api.pid) - cpuBefore) / redeem.count;
      const redeemPaced = await drive(CONNECTIONS, redeemTask, PACE_MS);
      const admitted = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from check_ins where result = 'admitted'`);

      // The floor, the best that can be written by hand for the same answer: one statement that finds
      // the badge by its code with its category and company, records the log row and the presence,
      // and returns the badge as the door shows it; from a pool of 32 in this process, on badges not yet scanned.
      const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
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
      await api?.stop();
    }
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
