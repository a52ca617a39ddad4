// Badge print-run figures, printed beside their aim; never asserted in tests. The built server
// (`node apps/api/dist/server.js`, NODE_ENV=production) runs in its own process on a fresh
// PostgreSQL database; its memory is read from /proc. Beside it, the floor: the same badges drawn
// by pdfkit in this process in a bare loop, with no database and no HTTP.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { BADGE_SHEETS, imposeBadges } from '@portal/shared/badge-prints';
import { sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import pg from 'pg';
import { openPostgres, queryRows } from '../apps/api/src/db/client';
import { applyMigrations } from '../apps/api/src/db/migrate';
import { seedCatalogue } from '../apps/api/src/db/seed/catalogue';
import { PNG } from 'pngjs';
import { insertBuiltInLayouts } from '../apps/api/src/features/badge-layouts/badge-layouts.repository';
import { faceOf } from '../apps/api/src/features/badge-layouts/badge-faces';
import { BUILT_IN_LAYOUTS } from '../apps/api/src/features/badge-layouts/built-ins';
import { badgeSizePt, drawBadge, registerBadgeFonts } from '../apps/api/src/features/badge-layouts/render';
import type { PrintedBadge } from '../apps/api/src/features/badge-prints/badge-prints.repository';
import { drawCropMarks, inCell, startSheet } from '../apps/api/src/features/badge-prints/sheet-pdf';
import { seedBenchShow } from './bulk-seed';
import { peakMemory } from './postgres-api';

const BADGES = Number(process.env.BENCH_PRINT_BADGES ?? 10_000);
const SHEET = 'a4-4' as const;
const SECRET = 'bench-secret-bench-secret-bench-secret-42';
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const API = fileURLToPath(new URL('../apps/api/dist/server.js', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 3461);

/** Names in several scripts, so that the fonts embed as for a real European show; the same in the database and the floor. */
const FIRST = ['Jānis', 'Ōsaka', 'Zoë', 'Ελένη', 'Дмитрий', 'Łucja', 'François', 'Søren'];
const LAST = ['Bērziņš', 'Kowalczyk', 'Müller', 'Παπαδόπουλος', 'Иванов', 'Nørgaard', 'García Márquez', 'O’Brien'];

const face = (i: number): PrintedBadge => ({
  position: i + 1,
  id: i + 1,
  eventId: 1,
  status: 'active',
  code: `BENCH${String(i).padStart(5, '0')}`,
  firstName: `${FIRST[i % FIRST.length]}`,
  lastName: `${LAST[Math.floor(i / 8) % LAST.length]} ${i}`,
  company: null,
  category: 'Import 10k',
  badgeCategoryId: 1,
  badgeType: 'exhibitor',
  answers: [],
});

/** A PostgreSQL array literal of the strings (a JS array would become a list of parameters). */
const textArray = (values: string[]) => `{${values.map((value) => JSON.stringify(value)).join(',')}}`;

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** A logo of the size a show's would be: a 600 × 200 PNG in two colours. */
function logoPng(): Buffer {
  const png = new PNG({ width: 600, height: 200 });
  for (let i = 0; i < png.data.length; i += 4) {
    const x = (i / 4) % 600;
    png.data.set(x < 200 ? [29, 78, 216, 255] : [17, 24, 39, 255], i);
  }
  return PNG.sync.write(png);
}

/** The floor: the same sheets drawn by the same code into a PDF that is counted and dropped. */
async function bareLoop(logo: Buffer): Promise<{ seconds: number; cpu: number; bytes: number; pages: number; growthMb: number }> {
  const design = BUILT_IN_LAYOUTS.a6;
  const size = badgeSizePt(design);
  const imposition = imposeBadges(BADGE_SHEETS[SHEET], { width: (size.width * 25.4) / 72, height: (size.height * 25.4) / 72 })!;
  const settings = { offsetXMm: 0, offsetYMm: 0, scale: 1 };
  const start = performance.now();
  const cpu = process.cpuUsage();
  const doc = new PDFDocument({ autoFirstPage: false });
  registerBadgeFonts(doc);
  let bytes = 0;
  const rest = process.memoryUsage().rss;
  let peak = rest;
  doc.on('data', (chunk: Buffer) => (bytes += chunk.length));
  const ended = once(doc, 'end');
  let pages = 0;
  for (let i = 0; i < BADGES; i++) {
    const cell = i % imposition.cells.length;
    if (cell === 0) {
      startSheet(doc, imposition, settings);
      drawCropMarks(doc, imposition);
      pages++;
      if (pages % 50 === 0) peak = Math.max(peak, process.memoryUsage().rss);
    }
    inCell(doc, imposition.cells[cell]!, () => drawBadge(doc, design, faceOf(face(i)), { logo }, { x: 0, y: 0 }));
  }
  doc.end();
  await ended;
  const { user, system } = process.cpuUsage(cpu);
  return { seconds: (performance.now() - start) / 1000, cpu: (user + system) / 1e6, bytes, pages, growthMb: (peak - rest) / 1024 / 1024 };
}

async function main() {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  try {
    await admin.connect();
  } catch {
    console.log(`\nBadge print run: skipped, no PostgreSQL at ${new URL(SERVER_URL).host} (set BENCH_DATABASE_URL).`);
    return;
  }
  const name = `portal_bench_prints_${process.pid}`;
  await admin.query(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  let child: ReturnType<typeof spawn> | undefined;
  try {
    await applyMigrations(database);
    await seedCatalogue(database.db);
    const show = await seedBenchShow(database, SECRET);
    await database.db.execute(sql`
      insert into badges (event_id, badge_category_id, exhibitor_id, first_name, last_name, email, badge_type, code)
      select ${show.eventId}, ${show.import10k}, ${show.exhibitorId},
             (${textArray(FIRST)}::text[])[1 + i % ${FIRST.length}], (${textArray(LAST)}::text[])[1 + (i / 8) % ${LAST.length}] || ' ' || i,
             'print' || i || '@bench.example', 'exhibitor', 'BENCH' || lpad(i::text, 5, '0')
        from generate_series(0, ${BADGES - 1}) i`);
    await database.db.execute(sql`analyze badges`);
    await insertBuiltInLayouts(database.db, show.eventId);
    const [a6] = await queryRows<{ id: number }>(database.db, sql`select id from badge_layouts where event_id = ${show.eventId} and built_in = 'a6'`);
    const logo = logoPng();

    child = spawn(process.execPath, [API], {
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: url.toString(), APP_SECRET: SECRET, HOST: '127.0.0.1', PORT: String(PORT), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const address = `http://127.0.0.1:${PORT}`;
    for (let i = 0; i < 300 && !(await fetch(`${address}/api/health`).then((r) => r.ok).catch(() => false)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const pid = child.pid!;
    const form = new FormData();
    form.append('file', new Blob([logo], { type: 'image/png' }), 'logo.png');
    const uploaded = await fetch(`${address}/api/admin/badge-layouts/${a6!.id}/logo`, { method: 'PUT', headers: { authorization: `Bearer ${show.token}` }, body: form });
    if (!uploaded.ok) throw new Error(`The logo upload answered ${uploaded.status}: ${await uploaded.text()}`);
    // Warm the process (fonts parsed, statements prepared) with a small run, then measure from rest.
    const warm = await fetch(`${address}/api/admin/badge-prints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${show.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ eventId: show.eventId, badgeIds: [1, 2, 3, 4], sheet: SHEET }),
    });
    await warm.arrayBuffer();
    await database.db.execute(sql`delete from badge_prints`);

    const idle = rssMb(pid);
    peakMemory(pid);
    const cpu = cpuSeconds(pid);
    const load = loadavg();
    const start = performance.now();
    const response = await fetch(`${address}/api/admin/badge-prints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${show.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ eventId: show.eventId, badgeCategoryId: show.import10k, sheet: SHEET }),
    });
    let firstByte = 0;
    let bytes = 0;
    for await (const chunk of response.body!) {
      if (bytes === 0) firstByte = (performance.now() - start) / 1000;
      bytes += (chunk as Uint8Array).length;
    }
    const seconds = (performance.now() - start) / 1000;
    const peak = peakMemory(pid);
    const apiCpu = cpuSeconds(pid) - cpu;

    // What comes before the first byte, alone: the same selection checked and recorded, then
    // refused (409, rolled back) since every badge is now printed.
    const refusedStart = performance.now();
    const refused = await fetch(`${address}/api/admin/badge-prints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${show.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ eventId: show.eventId, badgeCategoryId: show.import10k, sheet: SHEET }),
    });
    await refused.arrayBuffer();
    const refusedSeconds = (performance.now() - refusedStart) / 1000;

    const floor = await bareLoop(logo);
    console.log(
      `\nBadge print run on PostgreSQL, built server in its own process: ${BADGES} badges, 4 per A4 (the A6 built-in with a logo: logo, name, company, category, QR, type band), by company then name.` +
        `\n  POST /api/admin/badge-prints: HTTP ${response.status}, ${response.headers.get('x-badge-count')} badges, ${(bytes / 1e6).toFixed(1)} MB;` +
        ` first byte after ${firstByte.toFixed(2)} s, all after ${seconds.toFixed(2)} s; API CPU ${apiCpu.toFixed(2)} s;` +
        ` API memory ${idle.toFixed(0)} MB at rest, peak ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)} MB)` +
        `\n  The same selection again, checked, recorded and refused as already printed (HTTP ${refused.status}, rolled back): ${refusedSeconds.toFixed(2)} s` +
        `\n  pdfkit alone, the same ${floor.pages} sheets drawn in a bare loop in this process: ${floor.seconds.toFixed(2)} s, CPU ${floor.cpu.toFixed(2)} s (${(floor.bytes / 1e6).toFixed(1)} MB, memory +${floor.growthMb.toFixed(0)} MB at its peak); the run takes ${(seconds / floor.seconds).toFixed(2)}× its time and ${(apiCpu / floor.cpu).toFixed(2)}× its CPU` +
        `\n  (machine load when the run began: ${load.map((n) => n.toFixed(1)).join(' ')} on ${cpus().length} cores)`,
    );
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
