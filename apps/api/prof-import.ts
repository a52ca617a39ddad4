import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createPgliteClient, wrapPglite, queryRows, type Database } from './src/db/client';
import { applyMigrations } from './src/db/migrate';
import { seedCatalogue } from './src/db/seed/catalogue';
import { readSheet } from './src/features/bulk-imports/read-file';
import { planBadges } from './src/features/bulk-imports/badges-import';
import { planExhibitors } from './src/features/bulk-imports/exhibitors-import';
import { findFieldsForCategory } from './src/features/custom-fields/custom-fields.repository';
import { badgeRows, exhibitorRows, EXHIBITOR_HEADER, seedBenchShow, xlsxOf } from '../../bench/bulk-seed';
const N = Number(process.env.N ?? 10000);
const h = wrapPglite(await createPgliteClient());
await applyMigrations(h); await seedCatalogue(h.db);
const show = await seedBenchShow(h, 'x'.repeat(40));
const db = h.db;
const dialect = new PgDialect();
function timed(tx: Database) {
  const ex = tx.execute.bind(tx);
  tx.execute = (async (q: any) => { const t = performance.now(); const r = await ex(q); const d = performance.now() - t; if (d > 50) console.log('  stmt', d.toFixed(0), 'ms', dialect.sqlToQuery(q).sql.slice(0, 70).replace(/\s+/g, ' ')); return r; }) as any;
  return tx;
}
if (process.env.DROP) for (const ix of process.env.DROP.split(',')) await db.execute(sql.raw('drop index ' + ix));
for (const kind of (process.env.KINDS ?? 'badges,exhibitors').split(',')) {
  const path = `/tmp/prof/${kind}.xlsx`;
  writeFileSync(path, kind === 'badges' ? await xlsxOf(badgeRows(N, 'p')) : await xlsxOf(exhibitorRows(N, 'p'), EXHIBITOR_HEADER));
  let t = performance.now();
  const sheet = await readSheet({ path, fileName: 'x.xlsx', mimetype: '', sizeBytes: require('node:fs').statSync(path).size });
  console.log(kind, 'read', (performance.now() - t).toFixed(0)); t = performance.now();
  const [category] = await queryRows<any>(db, sql`select id, name, badge_type as "badgeType" from badge_categories where id = ${show.import10k}`);
  const target = { eventId: show.eventId, category, exhibitorId: show.exhibitorId, holderId: show.exhibitorId, canUpdate: true, createdBy: 1, fields: await findFieldsForCategory(db, { eventId: show.eventId, badgeCategoryId: category.id }) };
  const plan = kind === 'badges' ? await planBadges(db, sheet, target) : await planExhibitors(db, sheet, { eventId: show.eventId, canUpdate: true, publicUrl: 'http://x' });
  console.log(kind, 'plan', (performance.now() - t).toFixed(0), plan.rows.filter(r => r.action === null).length, 'bad'); t = performance.now();
  await db.transaction(async (tx) => { await plan.write(timed(tx)); });
  console.log(kind, 'write', (performance.now() - t).toFixed(0));
}
await h.close();
