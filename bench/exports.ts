// The badge export of a 100,000-badge show, each badge with five custom-field answers, printed beside
// its aim; never asserted in tests (docs/exports.md, Performance). The built API runs in its own
// process on a scratch PostgreSQL database holding the large show (large-show.ts); an organiser (the
// show's event admin) downloads `GET /api/users/export` as CSV and as .xlsx over HTTP from this
// process, while the API's resident memory is read from /proc every 100 ms. Beside it, the floor: a
// bare `COPY (…) TO STDOUT WITH CSV HEADER` of the same rows, columns, answers and order, through
// psql, in the same run. First a tenth of the show in each format, to show whether the memory grows
// with the rows.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { queryRows } from '../apps/api/src/db/client';
import { createAccessTokens } from '../apps/api/src/features/auth/access-tokens';
import { openDetachedSession } from '../apps/api/src/features/auth/refresh-tokens.repository';
import { BENCH_SECRET, startBuiltApi, withLargeShow, type BuiltApi } from './large-show';
import { cpuMs } from './load';

const PORT = Number(process.env.BENCH_PORT ?? 3465);
const AIM_SECONDS = 15;
/** The large show seeds two answers a badge (job title, diet); the bench adds three fields to make five. */
const ANSWERS = 5;
/** Badges created up to this day (one a minute from 2027-03-01): about a tenth of the show. */
const TENTH_CREATED_TO = '2027-03-07';

type Field = { id: number; label: string; type: string; options: { value: string; label: string }[] };
type Download = { ms: number; firstByteMs: number; bytes: number; rows: number; cpuMs: number; idleMb: number; peakMb: number };

async function main() {
  await withLargeShow('Exports', 4, async ({ db, databaseUrl, eventId }) => {
    // Three more of the organiser's badge fields, answered on every badge: a multiple choice, a
    // checkbox and a text, so that each badge has five answers of four kinds.
    await db.execute(sql`
      with f as (
        insert into custom_fields (event_id, label, key, type, options, sort_order)
        values (${eventId}, 'Interests', 'interests', 'multiselect',
                '[{"value":"pumps","label":"Pumps"},{"value":"valves","label":"Valves"},{"value":"sensors","label":"Sensors"},{"value":"software","label":"Software"}]', 3),
               (${eventId}, 'Newsletter', 'newsletter', 'checkbox', '[]', 4),
               (${eventId}, 'Arrival notes', 'arrival_notes', 'text', '[]', 5)
        returning id, key)
      insert into badge_field_values (badge_id, custom_field_id, value)
      select b.id, f.id,
             case f.key when 'interests' then jsonb_build_array((array['pumps','valves','sensors','software'])[1 + b.id % 4],
                                                                 (array['software','sensors'])[1 + b.id % 2])
                        when 'newsletter' then to_jsonb(b.id % 2 = 0)
                        else to_jsonb('Arrives ' || (array['Monday','Tuesday','Wednesday'])[1 + b.id % 3] || ' by train, leaves after the gala dinner') end
        from badges b cross join f
       where b.event_id = ${eventId}`);
    const [answered] = await queryRows<{ badges: number; least: number; most: number }>(
      db,
      sql`select count(*)::int as badges, min(n)::int as least, max(n)::int as most
            from (select count(v.badge_id) as n from badges b left join badge_field_values v on v.badge_id = b.id
                   where b.event_id = ${eventId} group by b.id) per_badge`,
    );
    if (answered!.least !== ANSWERS || answered!.most !== ANSWERS)
      throw new Error(`Expected ${ANSWERS} answers a badge, found ${answered!.least}–${answered!.most}`);
    // The export's answer columns, in its order (badgeExportFields), for the bare COPY to write as many.
    const fields = await queryRows<Field>(
      db,
      sql`select id, label, type, options from custom_fields
           where event_id = ${eventId} and entity_type = 'badge' and exhibitor_id is null and type <> 'file' order by sort_order, id`,
    );

    // The show's organiser: its event admin, who holds export_data.
    const [organiser] = await queryRows<{ id: number }>(
      db,
      sql`insert into admins (email, password_hash, first_name, last_name, event_id)
          values ('organiser@large-expo.example', 'x', 'Olga', 'Organiser', ${eventId}) returning id`,
    );
    await db.execute(
      sql`insert into admin_roles (admin_id, role_id) select ${organiser!.id}, id from roles where name = ${SYSTEM_ROLE_NAMES.eventAdmin} and is_system`,
    );
    await db.execute(sql`analyze`);
    const token = await createAccessTokens(BENCH_SECRET).sign({
      adminId: organiser!.id,
      sessionId: await openDetachedSession(db, organiser!.id),
    });

    let api: BuiltApi | undefined;
    try {
      api = await startBuiltApi(databaseUrl, PORT);
      const { address, pid } = api;
      const path = (format: 'csv' | 'xlsx', extra = '') => `/api/users/export?format=${format}&eventId=${eventId}${extra}`;
      // A first small export warms the process (code paths, pools) before the measured ones.
      await download(address, pid, token, path('csv', `&createdTo=2027-03-01`), 'csv');
      const tenth = await download(address, pid, token, path('csv', `&createdTo=${TENTH_CREATED_TO}`), 'csv');
      const tenthXlsx = await download(address, pid, token, path('xlsx', `&createdTo=${TENTH_CREATED_TO}`), 'xlsx');
      const csv = await download(address, pid, token, path('csv'), 'csv');
      const xlsx = await download(address, pid, token, path('xlsx'), 'xlsx');
      const copy = await bareCopy(databaseUrl, eventId, fields);

      const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
      const line = (label: string, d: Download) =>
        `\n  ${label.padEnd(34)} ${seconds(d.ms).padStart(8)}  first byte ${seconds(d.firstByteMs).padStart(7)}  ${String(d.rows).padStart(6)} rows  ${mb(d.bytes).padStart(8)}` +
        `  API CPU ${seconds(d.cpuMs).padStart(7)}  API RSS ${d.idleMb.toFixed(0)} → peak ${d.peakMb.toFixed(0)} MB (+${(d.peakMb - d.idleMb).toFixed(0)})`;
      console.log(
        `Badge export on PostgreSQL, API in its own process (its pool of 10), ${answered!.badges} badges with ${ANSWERS} custom-field answers each,` +
          ` as the show's event admin over loopback (accept-encoding: identity) — aim < ${AIM_SECONDS} s, the API's memory bounded:` +
          line(`API CSV, a tenth (to ${TENTH_CREATED_TO})`, tenth) +
          line('API .xlsx, the same tenth', tenthXlsx) +
          line('API CSV', csv) +
          line('API .xlsx', xlsx) +
          `\n  ${'bare COPY … TO STDOUT (psql)'.padEnd(34)} ${seconds(copy.ms).padStart(8)}  ${' '.repeat(18)}  ${String(copy.rows).padStart(6)} rows  ${mb(copy.bytes).padStart(8)}` +
          `\n  API CSV ${(csv.ms / copy.ms).toFixed(1)}× the bare COPY, .xlsx ${(xlsx.ms / copy.ms).toFixed(1)}×;` +
          ` aim < ${AIM_SECONDS} s: CSV ${csv.ms < AIM_SECONDS * 1000 ? 'met' : 'NOT met'}, .xlsx ${xlsx.ms < AIM_SECONDS * 1000 ? 'met' : 'NOT met'};` +
          ` API memory growth: all ${answered!.badges} +${(csv.peakMb - csv.idleMb).toFixed(0)} MB (CSV) / +${(xlsx.peakMb - xlsx.idleMb).toFixed(0)} MB (.xlsx), a tenth +${(tenth.peakMb - tenth.idleMb).toFixed(0)} MB / +${(tenthXlsx.peakMb - tenthXlsx.idleMb).toFixed(0)} MB` +
          `\n  (machine load when done: ${loadavg()
            .map((n) => n.toFixed(1))
            .join(' ')} on ${cpus().length} cores)`,
      );
    } finally {
      await api?.stop();
    }
  });
}

/** The API process's resident memory now, and its peak since the last reset, in MB. */
function memory(pid: number): { rssMb: number; hwmMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
}

/**
 * Downloads an export, counting its bytes as sent and its rows (CSV lines but the header; an .xlsx's
 * sheet rows but the header, read back after the timing), with the API's memory read every 100 ms
 * and its peak (VmHWM, reset before) read after.
 */
async function download(address: string, pid: number, token: string, path: string, format: 'csv' | 'xlsx'): Promise<Download> {
  // Writing 5 to clear_refs resets VmHWM to the current RSS (Linux ≥ 4.0).
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const idleMb = memory(pid).rssMb;
  let sampledMb = idleMb;
  const sampler = setInterval(() => (sampledMb = Math.max(sampledMb, memory(pid).rssMb)), 100);
  const cpuBefore = cpuMs(pid);
  const start = performance.now();
  let firstByteMs = 0;
  let bytes = 0;
  let lineBreaks = 0;
  const chunks: Buffer[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const req = request(new URL(path, address), { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } }, (res) => {
        firstByteMs = performance.now() - start;
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`${path} answered ${res.statusCode}`));
          return;
        }
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (format === 'csv') for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lineBreaks++;
          else chunks.push(chunk);
        });
        res.on('end', resolve);
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - start;
  const cpu = cpuMs(pid) - cpuBefore;
  const peakMb = Math.max(sampledMb, memory(pid).hwmMb);
  const rows = format === 'csv' ? lineBreaks - 1 : (await sheetRows(Buffer.concat(chunks))) - 1;
  return { ms, firstByteMs, bytes, rows, cpuMs: cpu, idleMb, peakMb };
}

async function sheetRows(file: Buffer): Promise<number> {
  let rows = 0;
  for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), { worksheets: 'emit', sharedStrings: 'ignore' }))
    for await (const _row of sheet) rows++;
  return rows;
}

/**
 * The floor: the same rows, columns and order as the API's CSV (the list's default order, newest
 * first), each answer as people read it (an option's label, choices joined, Yes/No), as one would
 * write it by hand knowing the fields: the badge's answers gathered once, each option's label a
 * CASE. Written by PostgreSQL alone through psql, whose output is counted and dropped.
 */
async function bareCopy(databaseUrl: string, eventId: number, fields: Field[]) {
  const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
  const label = (field: Field, value: string) =>
    field.options.length ? `case ${value} ${field.options.map((o) => `when ${quote(o.value)} then ${quote(o.label)}`).join(' ')} else ${value} end` : value;
  const answer = (field: Field) => {
    const value = `a.answers -> '${field.id}'`;
    const text =
      field.type === 'checkbox'
        ? `case ${value} when 'true' then 'Yes' when 'false' then 'No' end`
        : field.type === 'multiselect'
          ? `(select string_agg(${label(field, 'c.v')}, ', ' order by c.n) from jsonb_array_elements_text(${value}) with ordinality c(v, n))`
          : label(field, `(${value} #>> '{}')`);
    return `${text} as "${field.label}"`;
  };
  const query = `copy (select b.first_name as "First name", b.last_name as "Last name", b.email as "Email", b.phone as "Phone",
        c.name as "Company", bc.name as "Category", e.name as "Event", b.status as "Status",
        cr.first_name || ' ' || cr.last_name as "Registered by",
        (select count(*) from badge_prints p where p.badge_id = b.id) as "Printed",
        to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as "Created (UTC)",
        ${fields.map(answer).join(',\n        ')}
      from badges b join events e on e.id = b.event_id join badge_categories bc on bc.id = b.badge_category_id
      left join admins o on o.id = b.exhibitor_id left join companies c on c.id = o.company_id
      left join admins cr on cr.id = b.created_by_admin_id
      left join lateral (select jsonb_object_agg(v.custom_field_id, v.value) as answers from badge_field_values v where v.badge_id = b.id) a on true
     where b.event_id = ${eventId}
     order by b.created_at desc, b.id desc) to stdout with csv header`;
  const start = performance.now();
  const psql = spawn('psql', [databaseUrl, '-v', 'ON_ERROR_STOP=1', '-c', query], { stdio: ['ignore', 'pipe', 'inherit'] });
  let bytes = 0;
  let lineBreaks = 0;
  psql.stdout.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lineBreaks++;
  });
  const [code] = (await once(psql, 'close')) as [number];
  if (code !== 0) throw new Error(`psql exited with ${code}`);
  return { ms: performance.now() - start, bytes, rows: lineBreaks - 1 };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
