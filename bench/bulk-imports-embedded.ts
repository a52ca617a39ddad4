// Bulk imports on the embedded database (PGlite), figures printed, never asserted in tests: the API
// in its own process (api-server-embedded.ts), a 10,000-row badge import and a 10,000-row exhibitor
// import, while this process asks for /api/health every 100 ms. PGlite has one connection, so an
// import's transaction holds every other request: the longest health wait is what a user waits.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { badgeRows, EXHIBITOR_HEADER, exhibitorRows, xlsxOf, type BenchShow } from './bulk-seed';

const SECRET = 'bench-secret-bench-secret-bench-secret-42';
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const POLL_MS = 100;

/** Asks for /api/health every POLL_MS until stopped; answers the longest wait and how many waited over 2 s. */
function pollHealth(address: string) {
  let stopped = false;
  const waits: number[] = [];
  const done = (async () => {
    while (!stopped) {
      const start = performance.now();
      // A wait long enough for fetch to give up (5 min) still counts as the wait it was.
      await fetch(`${address}/api/health`).then((response) => response.arrayBuffer(), () => {});
      const wait = performance.now() - start;
      waits.push(wait);
      await sleep(Math.max(0, POLL_MS - wait));
    }
  })();
  return async () => {
    stopped = true;
    await done;
    return { longest: Math.max(...waits) / 1000, over2s: waits.filter((wait) => wait > 2000).length, polls: waits.length };
  };
}

async function importFile(address: string, show: BenchShow, kind: string, fields: Record<string, number>, file: Buffer) {
  const form = new FormData();
  form.append('step', 'import');
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  form.append('file', new Blob([file]), `${kind}.xlsx`);
  const stopPolling = pollHealth(address);
  const start = performance.now();
  const response = await fetch(`${address}/api/admin/bulk-upload/${kind}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${show.token}` },
    body: form,
  });
  const body = await response.text();
  const seconds = (performance.now() - start) / 1000;
  return { status: response.status, seconds, body, health: await stopPolling() };
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-bench-embedded-'));
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('api-server-embedded.ts', import.meta.url).pathname], {
    env: { ...process.env, BENCH_DATA_DIR: dataDir, BENCH_API_SECRET: SECRET },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    const { address, ...show } = JSON.parse(line) as BenchShow & { address: string };
    const badges = await xlsxOf(badgeRows(ROWS, 'embedded'));
    const exhibitors = await xlsxOf(exhibitorRows(ROWS, 'embedded'), EXHIBITOR_HEADER);
    console.log(`Bulk imports on the embedded database (PGlite), API in its own process, /api/health asked every ${POLL_MS} ms meanwhile; ${loadavg()[0]!.toFixed(2)} load.`);
    const runs = [
      ['badges', 'exhibitor-users', { eventId: show.eventId, badgeCategoryId: show.import10k, exhibitorId: show.exhibitorId }, badges],
      ['exhibitors', 'exhibitors', { eventId: show.eventId }, exhibitors],
    ] as const;
    for (const [label, kind, fields, file] of runs) {
      const run = await importFile(address, show, kind, fields, file);
      console.log(
        `${ROWS.toLocaleString('en')} ${label} rows, import: ${run.seconds.toFixed(2)} s (HTTP ${run.status}); ` +
          `longest /api/health wait ${run.health.longest.toFixed(2)} s, ${run.health.over2s} of ${run.health.polls} over 2 s (aim: none over 2 s)`,
      );
      if (run.status !== 200) console.log(`Answer: ${run.body.slice(0, 500)}`);
    }
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
