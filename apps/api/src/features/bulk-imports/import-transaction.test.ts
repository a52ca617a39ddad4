import { sql } from 'drizzle-orm';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/client';
import { admins } from '../../db/schema/admins';
import type { Actor } from '../../lib/actor';
import { loadPrincipal } from '../auth/principal';
import { createTestApp, createWorld, type TestApp, type World } from '../../test/harness';
import { createBulkImportsService } from './bulk-imports.service';
import { xlsxOf, XLSX_TYPE } from './upload-helpers.test-support';

// On the embedded database an import's transaction holds the one connection every other request
// waits for: what can be done before it (checking rows, drawing ids) is, and the invitation mails
// follow in short transactions of their own.
let t: TestApp;
let w: World;
let dir: string;
let actor: Actor;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  dir = await mkdtemp(join(tmpdir(), 'portal-import-tx-'));
  actor = { principal: (await loadPrincipal(t.db, w.systemAdmin.id))!, requestId: 'test', ip: '127.0.0.1' };
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const STATEMENTS = new Set(['execute', 'select', 'selectDistinct', 'insert', 'update', 'delete']);

/** The test database, whose transactions count the statements made in them; `before` runs ahead of each. */
function countingDatabase(before: () => Promise<void> = async () => {}) {
  const counts: number[] = [];
  const db = Object.create(t.db) as Database;
  db.transaction = (async (work: (tx: Database) => Promise<unknown>, config?: unknown) => {
    await before();
    return t.db.transaction(async (tx) => {
      const at = counts.push(0) - 1;
      const counting = new Proxy(tx, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver) as unknown;
          if (typeof property !== 'string' || !STATEMENTS.has(property) || typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            counts[at]! += 1;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
      return work(counting);
    }, config as never);
  }) as Database['transaction'];
  return { db, counts };
}

async function sheetOf(name: string, rows: string[][]) {
  const path = join(dir, name);
  const bytes = await xlsxOf([['Company', 'First name', 'Last name', 'Email'], ...rows]);
  await writeFile(path, bytes);
  return { path, fileName: name, mimetype: XLSX_TYPE, sizeBytes: bytes.length };
}

const invitationsTo = async (pattern: string) =>
  (await queryRows<{ n: number }>(t.db, sql`select cast(count(*) as integer) as n from email_outbox where purpose = 'invitation' and to_address like ${pattern}`))[0]!.n;

describe('an import’s transaction', () => {
  it('holds a few set-based statements whatever the rows, and plans again inside when records changed meanwhile', async () => {
    const rows = Array.from({ length: 1000 }, (_v, i) => [`Tx Co ${i}`, 'Tess', `Row ${i}`, `tx-${i}@rows.example`]);
    const { db, counts } = countingDatabase();
    const service = createBulkImportsService({ db, publicUrl: 'https://portal.example' });
    const imported = await service.import(actor, 'exhibitors', { eventId: w.eventA }, await sheetOf('many.xlsx', rows));
    expect(imported.status).toBe(200);
    expect(imported.report).toMatchObject({ created: 1000, imported: true });
    // Accounts, companies, roles, profiles, the invitations owed, the audit entry and the check of
    // what was planned: a handful, where one invitation per row made four per row.
    expect(counts[0]).toBeLessThan(25);
    // Then the invitations, 500 a transaction, each a handful of statements too.
    expect(counts.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...counts.slice(1))).toBeLessThan(10);
    expect(await invitationsTo('tx-%@rows.example')).toBe(1000);

    // An account takes an email of the file after it was checked: the transaction finds the
    // change, checks the file again and writes nothing.
    const late = countingDatabase(async () => {
      await t.db.insert(admins).values({ email: 'late-1@rows.example', firstName: 'Lee', lastName: 'Late' });
    });
    const lateRows = [0, 1, 2].map((i) => [`Late Co ${i}`, 'Lee', `Row ${i}`, `late-${i}@rows.example`]);
    const refused = await createBulkImportsService({ db: late.db, publicUrl: 'https://portal.example' }).import(
      actor,
      'exhibitors',
      { eventId: w.eventA },
      await sheetOf('late.xlsx', lateRows),
    );
    expect(refused.status).toBe(422);
    expect(refused.report.rows.find((row) => row.row === 3)).toMatchObject({ action: null, errors: [{ column: 'Email', message: 'This address cannot be used for a new account; use another address' }] });
    expect(await invitationsTo('late-%@rows.example')).toBe(0);
  });
});
