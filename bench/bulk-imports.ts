// Bulk import figures, printed beside their aims; never asserted in tests. The API runs in its own
// process (api-server.ts) on PostgreSQL; its peak memory is read from /proc after each figure.
import { sql } from 'drizzle-orm';
import { writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { queryRows } from '../apps/api/src/db/client';
import { newBadgeCode } from '../apps/api/src/features/badges/badge-codes';
import { badgeRows, xlsxOf, type BenchShow } from './bulk-seed';
import { peakMemory, withPostgresApi } from './postgres-api';

const megabytes = (mb: number) => `${mb.toFixed(0)} MB`;

async function upload(
  address: string,
  token: string,
  step: string,
  fields: Record<string, number>,
  file: Buffer,
): Promise<{ status: number; seconds: number; body: string }> {
  const form = new FormData();
  form.append('step', step);
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  form.append('file', new Blob([file]), 'badges.xlsx');
  const start = performance.now();
  const response = await fetch(`${address}/api/admin/bulk-upload/exhibitor-users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await response.text();
  return { status: response.status, seconds: (performance.now() - start) / 1000, body };
}

/**
 * The same rows written by PostgreSQL's COPY from a server-side CSV file: badges, then their three
 * answers, in one transaction. The floor an import is measured against.
 */
async function copyRows(url: string, target: BenchShow, rows: string[][]): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const badgesFile = join(tmpdir(), `bench-copy-badges-${process.pid}.csv`);
  const answersFile = join(tmpdir(), `bench-copy-answers-${process.pid}.csv`);
  const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
  try {
    const start = performance.now();
    await client.query('begin');
    const { rows: ids } = await client.query<{ id: number }>(
      `select cast(nextval(pg_get_serial_sequence('badges', 'id')) as integer) as id from generate_series(1, $1)`,
      [rows.length],
    );
    const field = (key: string) => target.fields.find((f) => f.key === key)!.id;
    writeFileSync(
      badgesFile,
      rows
        .map((row, i) =>
          [
            ids[i]!.id,
            target.eventId,
            target.copy10k,
            target.exhibitorId,
            row[0],
            row[1],
            row[2],
            row[3],
            'exhibitor',
            newBadgeCode(),
          ]
            .map((v) => quote(String(v)))
            .join(','),
        )
        .join('\n'),
    );
    writeFileSync(
      answersFile,
      rows
        .flatMap((row, i) => [
          [ids[i]!.id, field('job_title'), JSON.stringify(row[4])],
          [ids[i]!.id, field('diet'), JSON.stringify(row[5]!.toLowerCase().replace(/ /g, '_'))],
          [ids[i]!.id, field('arrival'), JSON.stringify(row[6])],
        ])
        .map((values) => values.map((v) => quote(String(v))).join(','))
        .join('\n'),
    );
    // COPY writes given values into identity columns, the ids drawn above.
    await client.query(
      `copy badges (id, event_id, badge_category_id, exhibitor_id, first_name, last_name, email, phone, badge_type, code) from '${badgesFile}' with (format csv)`,
    );
    await client.query(
      `copy badge_field_values (badge_id, custom_field_id, value) from '${answersFile}' with (format csv)`,
    );
    await client.query('commit');
    return (performance.now() - start) / 1000;
  } finally {
    await client.end();
    await rm(badgesFile, { force: true });
    await rm(answersFile, { force: true });
  }
}

async function main() {
  // COPY, the figure imports are measured against, is PostgreSQL's: without a server there is nothing to compare.
  await withPostgresApi('Bulk imports', async ({ database, databaseUrl, show, address, pid }) => {
    const rows10k = badgeRows(10_000, 'ten');
    const file10k = await xlsxOf(rows10k);
    const rows50k = badgeRows(50_000, 'fifty');
    const file50k = await xlsxOf(rows50k);
    const fields = (badgeCategoryId: number) => ({
      eventId: show.eventId,
      badgeCategoryId,
      exhibitorId: show.exhibitorId,
    });
    peakMemory(pid);

    console.log(
      `Bulk imports on PostgreSQL, API in its own process; files: 10,000 rows ${(file10k.length / 1e6).toFixed(1)} MB, 50,000 rows ${(file50k.length / 1e6).toFixed(1)} MB (.xlsx, 7 columns, 3 custom fields).`,
    );
    const validate = await upload(address, show.token, 'validate', fields(show.import10k), file10k);
    console.log(
      `10,000 badge rows, validate: ${validate.seconds.toFixed(2)} s (HTTP ${validate.status}); API peak memory ${megabytes(peakMemory(pid))}`,
    );
    const imported = await upload(address, show.token, 'import', fields(show.import10k), file10k);
    const importMemory = megabytes(peakMemory(pid));
    const copySeconds = await copyRows(databaseUrl, show, rows10k);
    console.log(
      `10,000 badge rows, import (validates again, then writes): ${imported.seconds.toFixed(2)} s (HTTP ${imported.status}); API peak memory ${importMemory}` +
        `\n  PostgreSQL COPY of the same rows and answers: ${copySeconds.toFixed(2)} s; validate + import ${((validate.seconds + imported.seconds) / copySeconds).toFixed(1)}× COPY, import alone ${(imported.seconds / copySeconds).toFixed(1)}× (aim: under 5 s, within 3×)`,
    );
    const reimported = await upload(address, show.token, 'import', fields(show.import10k), file10k);
    console.log(
      `10,000 badge rows, re-import (all unchanged): ${reimported.seconds.toFixed(2)} s (HTTP ${reimported.status}); API peak memory ${megabytes(peakMemory(pid))}`,
    );
    const big = await upload(address, show.token, 'import', fields(show.import50k), file50k);
    console.log(
      `50,000 badge rows, import: ${big.seconds.toFixed(2)} s (HTTP ${big.status}); API peak memory ${megabytes(peakMemory(pid))} (aim: inside 60 s)`,
    );
    const [count] = await queryRows<{ n: number }>(
      database.db,
      sql`select cast(count(*) as integer) as n from badges where event_id = ${show.eventId}`,
    );
    console.log(`Badges written: ${count!.n} (expected 70,000).`);
    for (const response of [validate, imported, big])
      if (response.status !== 200) console.log(`Answer: ${response.body.slice(0, 500)}`);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
