// Lead figures at the booths of a 100,000-badge show, printed beside their aims; never asserted in
// tests (docs/leads.md, Performance). The built API runs in its own process on a scratch PostgreSQL
// database holding the large show (large-show.ts); the load comes from this process over keep-alive
// connections, one for each of 32 exhibitors' staff. Beside the capture call, the floor: the bare
// SQL that does the same work (the badge by its code, the exhibitor's settings, the lead and its
// capture, the released fields back) in one statement, at the same concurrency, in the same run.
// Then the export of one exhibitor's 10,000 leads, as .xlsx and as CSV.
import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../apps/api/src/db/client';
import { createAccessTokens } from '../apps/api/src/features/auth/access-tokens';
import { openDetachedSession } from '../apps/api/src/features/auth/refresh-tokens.repository';
import { BENCH_SECRET, startBuiltApi, withLargeShow, type BuiltApi } from './large-show';
import { call, cpuMs, describeLatencies as describe, drive } from './load';

const PORT = Number(process.env.BENCH_PORT ?? 3463);
const CONNECTIONS = 32;
/** A scan every 250 ms at each of the 32 booths (128 a second): far above what a show's booths scan together, even at a rush. */
const PACE_MS = 250;
const EXPORT_LEADS = 10_000;

async function main() {
  await withLargeShow('Leads', CONNECTIONS, async ({ db, databaseUrl, eventId }) => {
    // The event releases the email, the badge category and the job title to exhibitors.
    const [jobTitle] = await queryRows<{ id: number }>(db, sql`select id from custom_fields where event_id = ${eventId} and key = 'job_title'`);
    await db.execute(
      sql`insert into lead_settings (event_id, released_fields) values (${eventId}, ${JSON.stringify(['email', 'category', `field:${jobTitle!.id}`])}::jsonb)`,
    );
    // 32 exhibitors' accounts scan at their booths; a 33rd holds the leads to export.
    const exhibitors = (
      await queryRows<{ id: number }>(
        db,
        sql`select a.id from admins a join admin_roles ar on ar.admin_id = a.id join roles r on r.id = ar.role_id
             where a.event_id = ${eventId} and r.name = 'Exhibitor' order by a.id limit ${CONNECTIONS + 1}`,
      )
    ).map((row) => row.id);
    const tokens = createAccessTokens(BENCH_SECRET);
    const sign = async (adminId: number) => tokens.sign({ adminId, sessionId: await openDetachedSession(db, adminId) });
    const booths = await Promise.all(exhibitors.slice(0, CONNECTIONS).map(sign));
    const exporter = exhibitors[CONNECTIONS]!;
    const exporterToken = await sign(exporter);
    const codes = (await queryRows<{ code: string }>(db, sql`select code from badges where event_id = ${eventId} order by id`)).map((r) => r.code);

    // The exporter's 10,000 leads, each with a rating, two tags and a note, as a busy stand's would be.
    await db.execute(sql`
      with l as (
        insert into leads (event_id, exhibitor_id, badge_id, first_name, last_name, company, scanned_by_admin_id, scanned_by_name,
                           scanned_at, rating, tags)
        select b.event_id, ${exporter}, b.id, b.first_name, b.last_name, co.name, ${exporter}, 'Booth staff',
               timestamptz '2027-09-14 08:00:00+00' + make_interval(secs => row_number() over (order by b.id) * 10),
               (array['cold', 'warm', 'hot'])[1 + b.id % 3], array['hall-' || (b.id % 8), 'pumps']
          from badges b left join admins ex on ex.id = b.exhibitor_id left join companies co on co.id = ex.company_id
         where b.event_id = ${eventId}
         order by b.id desc limit ${EXPORT_LEADS}
        returning id)
      insert into lead_notes (lead_id, id, text, author_admin_id, author_name)
      select id, 'note-' || id, 'Asked for a quote on the larger model; call back after the show.', ${exporter}, 'Booth staff' from l`);
    await db.execute(sql`analyze`);

    let api: BuiltApi | undefined;
    try {
      api = await startBuiltApi(databaseUrl, PORT);
      const { address } = api;
      const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
      const nonce = () => randomBytes(12).toString('base64url');

      // Capture: each call a visitor this booth has not scanned before, so each makes a lead (the full write).
      let next = 0;
      let refused = 0;
      const cpuBefore = cpuMs(api.pid);
      const captureTask = async (loop: number) => {
        const answer = await call(agent, address, 'POST', '/api/leads', booths[loop]!, {
          code: codes[next++ % (codes.length / 2)]!,
          nonce: nonce(),
          scannedAt: new Date().toISOString(),
          rating: 'warm',
        });
        if (answer.status !== 201) refused++;
      };
      const captured = await drive(CONNECTIONS, captureTask);
      const captureCpu = (cpuMs(api.pid) - cpuBefore) / captured.count;
      const capturedPaced = await drive(CONNECTIONS, captureTask, PACE_MS);
      const [made] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from leads where exhibitor_id <> ${exporter}`);

      // The floor, the best that can be written by hand for the same answer: one statement that finds
      // the badge of the event by its code with its company, checks the exhibitor may scan, writes the
      // lead and its capture, and returns the lead with the released fields; from a pool of 32 in this
      // process, on badges of the other half of the show.
      const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
      let bare = codes.length / 2;
      const floorTask = async (loop: number) => {
        await pool.query({
          name: 'bench_lead_capture',
          text: `with b as (select b.id, b.first_name, b.last_name, b.email, b.status, co.name as company,
                                   coalesce(nullif(bc.display_name, ''), bc.name) as category
                              from badges b join badge_categories bc on bc.id = b.badge_category_id
                              left join admins ex on ex.id = b.exhibitor_id left join companies co on co.id = ex.company_id
                             where b.code = $1 and b.event_id = $2 and b.status = 'active'),
                      s as (select coalesce(els.scanning_enabled, ls.scanning_by_default, true) as scanning
                              from (select 1) one left join exhibitor_lead_settings els on els.exhibitor_id = $3
                              left join lead_settings ls on ls.event_id = $2),
                      l as (insert into leads (event_id, exhibitor_id, badge_id, first_name, last_name, company, scanned_by_admin_id,
                                               scanned_by_name, scanned_at, rating)
                            select $2, $3, b.id, b.first_name, b.last_name, b.company, $3, 'Booth staff', now(), 'warm' from b, s where s.scanning
                            on conflict (exhibitor_id, badge_id) do nothing returning *),
                      c as (insert into lead_captures (lead_id, admin_id, nonce, scanned_at) select id, $3, $4, now() from l)
                 select l.*, b.email, b.category,
                        (select v.value from badge_field_values v where v.badge_id = b.id and v.custom_field_id = $5) as job_title
                   from l, b`,
          values: [codes[bare++ % codes.length], eventId, exhibitors[loop], nonce(), jobTitle!.id],
        });
      };
      const floor = await drive(CONNECTIONS, floorTask);
      const floorPaced = await drive(CONNECTIONS, floorTask, PACE_MS);
      await pool.end();
      const health = await drive(CONNECTIONS, async () => void (await call(agent, address, 'GET', '/api/health', '')), PACE_MS);

      // The export of the exhibitor's 10,000 leads, each format the best of three.
      const exportRun = async (format: 'xlsx' | 'csv') => {
        let best = { ms: Infinity, firstByteMs: 0, bytes: 0 };
        for (let i = 0; i < 3; i++) {
          const start = performance.now();
          const answer = await call(agent, address, 'GET', `/api/leads/export?format=${format}`, exporterToken, undefined, { 'accept-encoding': 'identity' });
          const ms = performance.now() - start;
          if (answer.status !== 200) throw new Error(`The export answered ${answer.status}: ${answer.body.toString().slice(0, 200)}`);
          if (ms < best.ms) best = { ms, firstByteMs: answer.firstByteMs, bytes: answer.bytes };
        }
        return best;
      };
      const xlsx = await exportRun('xlsx');
      const csv = await exportRun('csv');
      const [logged] = await queryRows<{ n: number; rows: number }>(
        db,
        sql`select count(*)::int as n, min(rows)::int as rows from lead_exports where exhibitor_id = ${exporter}`,
      );
      const exported = (e: typeof xlsx) =>
        `${(e.bytes / 1e6).toFixed(2)} MB in ${e.ms.toFixed(0)} ms (first byte after ${e.firstByteMs.toFixed(0)} ms)`;

      console.log(
        `Leads on PostgreSQL, API in its own process (its pool of 10), ${codes.length} badges, ${CONNECTIONS} connections, one exhibitor's staff each:` +
          `\n  POST /api/leads (each a visitor's first scan by the booth, a new lead): ${describe(captured)}; ${refused} not 201; ${made!.n} leads made; API CPU ${captureCpu.toFixed(2)} ms a call (warm-up included)` +
          `\n  bare SQL (one statement: the badge by its code, the settings, the lead and its capture, the released fields; pool of ${CONNECTIONS}): ${describe(floor)}` +
          `\n  paced, each booth a scan every ${PACE_MS} ms (${(CONNECTIONS * 1000) / PACE_MS} a second): capture ${describe(capturedPaced)} — aim p95 < 50 ms` +
          `\n    bare SQL at the same pace: ${describe(floorPaced)}; capture p95 ${(capturedPaced.p95 / floorPaced.p95).toFixed(1)}× the bare SQL's` +
          `\n    GET /api/health at the same pace (HTTP and one trivial query): ${describe(health)}` +
          `\n  GET /api/leads/export of ${EXPORT_LEADS} leads (best of three, over loopback) — aim < 3 s, streamed:` +
          `\n    .xlsx ${exported(xlsx)}; CSV ${exported(csv)}; ${logged!.n} exports logged, ${logged!.rows} rows each` +
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
