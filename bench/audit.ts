// The audit log at 1,000,000 entries: each filter of `GET /api/audit` beside the best query written
// by hand for the same page, printed side by side with their ratio; never asserted in tests
// (docs/history.md). The built API runs in its own process on a scratch PostgreSQL database holding
// the large show (large-show.ts) and the log; the load comes from this process over keep-alive
// connections, the bare queries from a pool of as many, in the same run.
import { Agent } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../apps/api/src/db/client';
import { createAccessTokens } from '../apps/api/src/features/auth/access-tokens';
import { openDetachedSession } from '../apps/api/src/features/auth/refresh-tokens.repository';
import { BENCH_SECRET, startBuiltApi, withLargeShow, type BuiltApi } from './large-show';
import { call, describeLatencies as describe, drive, type Latencies } from './load';

const PORT = Number(process.env.BENCH_PORT ?? 3464);
const CONNECTIONS = 8;
const ENTRIES = 1_000_000;
const PER_PAGE = 50;
/** The columns the API answers with, for the bare query to read as much. */
const COLUMNS = `id, created_at, actor_admin_id, actor_label, api_token_id, action, entity_type, entity_id, event_id, exhibitor_id,
                 before, after, request_id`;

type Case = { label: string; query: string; where: string; values: unknown[] };

async function main() {
  await withLargeShow('Audit log', CONNECTIONS, async ({ db, databaseUrl, eventId }) => {
    const exhibitors = (
      await queryRows<{ id: number }>(
        db,
        sql`select a.id from admins a join admin_roles ar on ar.admin_id = a.id join roles r on r.id = ar.role_id
             where a.event_id = ${eventId} and r.name = 'Exhibitor' order by a.id`,
      )
    ).map((row) => row.id);
    const [reader] = await queryRows<{ id: number }>(
      db,
      sql`insert into admins (email, password_hash, first_name, last_name) values ('history-reader@bench.example', 'x', 'History', 'Reader') returning id`,
    );
    await db.execute(
      sql`insert into admin_roles (admin_id, role_id) select ${reader!.id}, id from roles where name = 'System Admin'`,
    );
    // The show's organisers (accounts of no exhibitor role), and the reader besides, so that there is at least one.
    const organisers = [
      ...(
        await queryRows<{ id: number }>(
          db,
          sql`select a.id from admins a where not exists (select 1 from admin_roles ar join roles r on r.id = ar.role_id
               where ar.admin_id = a.id and r.name in ('Exhibitor', 'Sub-Account')) order by a.id limit 19`,
        )
      ).map((row) => row.id),
      reader!.id,
    ];

    // A year of writes at 20 events: a tenth at the large show, each an update of a badge, an
    // allocation or a purchase by one of 20 organisers or an exhibitor, with a record before and after.
    const seeding = performance.now();
    await db.execute(sql`
      insert into audit_log (actor_admin_id, actor_label, action, entity_type, entity_id, event_id, exhibitor_id, before, after, request_id, created_at)
      select case when i % 3 = 0 then ex.id else org.id end,
             case when i % 3 = 0 then 'Exhibitor ' || ex.id || ' <exhibitor' || ex.id || '@bench.example>'
                  else 'Organiser ' || (i % 20) || ' <organiser' || (i % 20) || '@bench.example>' end,
             (array['create', 'update', 'update', 'update', 'delete'])[1 + i % 5],
             (array['badge', 'badge', 'badge', 'allocation', 'allocation_purchase', 'exhibitor'])[1 + i % 6],
             (i % 100000 + 1)::text,
             case when i % 10 = 0 then ${eventId} else 100000 + i % 19 end,
             ex.id,
             jsonb_build_object('firstName', 'Anna', 'lastName', 'Berg', 'status', 'active', 'quantity', i % 40),
             jsonb_build_object('firstName', 'Anna', 'lastName', 'Berg-Dahl', 'status', 'active', 'quantity', i % 40 + 1),
             'req-' || i,
             timestamptz '2026-09-01 00:00:00+00' + make_interval(secs => i * 31.5)
        from generate_series(1, ${ENTRIES}) i
        cross join lateral (select ${sql.raw(`(array[${exhibitors.join(',')}])`)}[1 + i % ${exhibitors.length}] as id) ex
        cross join lateral (select ${sql.raw(`(array[${organisers.join(',')}])`)}[1 + i % ${organisers.length}] as id) org`);
    await db.execute(sql`analyze audit_log`);
    console.log(`  ${ENTRIES} audit entries written in ${((performance.now() - seeding) / 1000).toFixed(1)} s.`);

    const [middle] = await queryRows<{ id: number }>(
      db,
      sql`select id from audit_log order by id offset ${ENTRIES / 2} limit 1`,
    );
    const exhibitor = exhibitors[7]!;
    const organiser = organisers[4 % organisers.length]!;
    const cases: Case[] = [
      { label: 'newest first, no filter', query: '', where: 'true', values: [] },
      {
        label: 'one event (a tenth of the log)',
        query: `eventId=${eventId}`,
        where: 'event_id = $1',
        values: [eventId],
      },
      {
        label: 'one exhibitor’s records',
        query: `exhibitorId=${exhibitor}`,
        where: 'exhibitor_id = $1',
        values: [exhibitor],
      },
      {
        label: 'one record (a badge)',
        query: 'entityType=badge&entityId=4243',
        where: 'entity_type = $1 and entity_id = $2',
        values: ['badge', '4243'],
      },
      { label: 'who: an account id', query: `who=${organiser}`, where: 'actor_admin_id = $1', values: [organiser] },
      {
        label: 'who: text in name or email',
        query: 'who=organiser7%40',
        where: `actor_label ilike $1`,
        values: ['%organiser7@%'],
      },
      {
        label: 'action and a month',
        query: 'action=delete&from=2027-02-01&to=2027-02-28',
        where: `action = $1 and created_at >= $2 and created_at < $3`,
        values: ['delete', '2027-02-01T00:00:00Z', '2027-03-01T00:00:00Z'],
      },
      {
        label: 'a deep page (before the middle entry)',
        query: `before=${middle!.id}`,
        where: 'id < $1',
        values: [middle!.id],
      },
    ];

    const tokens = createAccessTokens(BENCH_SECRET);
    const token = await tokens.sign({ adminId: reader!.id, sessionId: await openDetachedSession(db, reader!.id) });
    let api: BuiltApi | undefined;
    try {
      api = await startBuiltApi(databaseUrl, PORT);
      const { address } = api;
      const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
      const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
      const lines: string[] = [];
      for (const [index, c] of cases.entries()) {
        const path = `/api/audit?per_page=${PER_PAGE}${c.query ? `&${c.query}` : ''}`;
        const first = await call(agent, address, 'GET', path, token);
        if (first.status !== 200)
          throw new Error(`${path} answered ${first.status}: ${first.body.toString().slice(0, 200)}`);
        const viaApi = await drive(CONNECTIONS, async () => void (await call(agent, address, 'GET', path, token)));
        // The floor: the page and one row more (whether an older page follows), as a prepared statement.
        const text = `select ${COLUMNS} from audit_log where ${c.where} order by id desc limit ${PER_PAGE + 1}`;
        const bare = await drive(
          CONNECTIONS,
          async () => void (await pool.query({ name: `bench_audit_${index}`, text, values: c.values })),
        );
        lines.push(row(c.label, path, viaApi, bare));
      }
      // What any signed-in call costs before its own work (HTTP, the token, the account and its
      // permissions read from the database): the part of each API figure no query can remove.
      const signedIn = await drive(
        CONNECTIONS,
        async () => void (await call(agent, address, 'GET', '/api/auth/me', token)),
      );
      lines.push(`\n  a signed-in call doing nothing else: GET /api/auth/me\n    API      ${describe(signedIn)}`);
      await pool.end();
      agent.destroy();
      console.log(
        `Audit log on PostgreSQL, API in its own process (its pool of 10), ${ENTRIES} entries, ${CONNECTIONS} connections, pages of ${PER_PAGE} — aim: within 2× of the bare query:` +
          lines.join('') +
          `\n  (machine load when done: ${loadavg()
            .map((n) => n.toFixed(1))
            .join(' ')} on ${cpus().length} cores)`,
      );
    } finally {
      await api?.stop();
    }
  });
}

function row(label: string, path: string, viaApi: Latencies, bare: Latencies): string {
  return (
    `\n  ${label}: GET ${path}` +
    `\n    API      ${describe(viaApi)}` +
    `\n    bare SQL ${describe(bare)}; API p50 ${(viaApi.p50 / bare.p50).toFixed(1)}× the bare query's`
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
