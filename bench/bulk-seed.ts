// What the bulk-import benchmarks share: the show they import into, and the files they upload.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { queryRows, type DatabaseHandle } from '../apps/api/src/db/client';
import { createAccessTokens } from '../apps/api/src/features/auth/access-tokens';
import { openDetachedSession } from '../apps/api/src/features/auth/refresh-tokens.repository';

export const HEADER = ['First name', 'Last name', 'Email', 'Phone', 'Job title', 'Diet', 'Arrival'];
export const DIETS = ['Vegetarian', 'Vegan', 'No preference'];

/** Rows of badges with three custom-field answers, as an organiser would fill the template. */
export function badgeRows(count: number, prefix: string): string[][] {
  return Array.from({ length: count }, (_v, i) => [
    `Fïrst${i}`,
    `Låst${i}`,
    `${prefix}${i}@bench.example`,
    `+44 20 7946 ${String(i % 10000).padStart(4, '0')}`,
    `Engineer ${i % 50}`,
    DIETS[i % 3]!,
    `2026-06-${String((i % 28) + 1).padStart(2, '0')}`,
  ]);
}

/** Rows of exhibitors, as an organiser would fill the template. */
export function exhibitorRows(count: number, prefix: string): string[][] {
  return Array.from({ length: count }, (_v, i) => [`${prefix} Company ${i}`, `Fïrst${i}`, `Låst${i}`, `${prefix}${i}@bench.example`, `B${i}`]);
}
export const EXHIBITOR_HEADER = ['Company', 'First name', 'Last name', 'Email', 'Booth'];

export async function xlsxOf(rows: string[][], header = HEADER): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export type BenchShow = Awaited<ReturnType<typeof seedBenchShow>>;

/** An event with three badge categories, three custom fields, an exhibitor with places in each, and a system admin's token. */
export async function seedBenchShow(database: DatabaseHandle, secret: string) {
  const db = database.db;
  const [event] = await queryRows<{ id: number }>(
    db,
    sql`insert into events (name, slug) values ('Bench show', 'bench-show') returning id`,
  );
  const eventId = event!.id;
  const categories = await queryRows<{ id: number; name: string }>(
    db,
    sql`insert into badge_categories (event_id, name, badge_type) values (${eventId}, 'Import 10k', 'exhibitor'), (${eventId}, 'Copy 10k', 'exhibitor'), (${eventId}, 'Import 50k', 'exhibitor') returning id, name`,
  );
  const fields = await queryRows<{ id: number; key: string }>(
    db,
    sql`insert into custom_fields (event_id, label, key, type, required, options, validation) values
      (${eventId}, 'Job title', 'job_title', 'text', true, '[]', '{"max": 100}'),
      (${eventId}, 'Diet', 'diet', 'select', false, ${JSON.stringify(DIETS.map((label) => ({ value: label.toLowerCase().replace(/ /g, '_'), label })))}::jsonb, '{}'),
      (${eventId}, 'Arrival', 'arrival', 'date', false, '[]', '{"minDate": "2026-01-01"}')
      returning id, key`,
  );
  const [root] = await queryRows<{ id: number }>(
    db,
    sql`insert into admins (email, password_hash, first_name, last_name) values ('bench-root@bench.example', 'x', 'Bench', 'Root') returning id`,
  );
  await db.execute(
    sql`insert into admin_roles (admin_id, role_id) select ${root!.id}, id from roles where name = 'System Admin'`,
  );
  const [exhibitor] = await queryRows<{ id: number }>(
    db,
    sql`insert into admins (email, first_name, last_name, event_id) values ('bench-exhibitor@bench.example', 'Bench', 'Exhibitor', ${eventId}) returning id`,
  );
  await db.execute(
    sql`insert into admin_roles (admin_id, role_id) select ${exhibitor!.id}, id from roles where name = 'Exhibitor'`,
  );
  for (const category of categories) {
    await db.execute(
      sql`insert into allocations (event_id, admin_id, badge_category_id, quantity) values (${eventId}, ${exhibitor!.id}, ${category.id}, 60000)`,
    );
  }
  const token = await createAccessTokens(secret).sign({
    adminId: root!.id,
    sessionId: await openDetachedSession(db, root!.id),
  });
  const category = (name: string) => categories.find((c) => c.name === name)!.id;
  return {
    eventId,
    exhibitorId: exhibitor!.id,
    token,
    fields,
    import10k: category('Import 10k'),
    copy10k: category('Copy 10k'),
    import50k: category('Import 50k'),
  };
}

