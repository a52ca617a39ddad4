import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { roles } from '../db/schema/roles';
import type { Permission } from '@portal/shared/permissions';
import { setRolePermissions } from '../features/roles/roles.repository';
import type { TestApp, TestUser } from './harness';

/** An exported .xlsx's first sheet as rows of cell values. */
export async function xlsxRows(payload: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** An exported CSV as rows of cells, without its byte-order mark. */
export function csvRows(text: string): string[][] {
  return parse(text.replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][];
}

let roleCounter = 0;

/** A user holding exactly `permissions` through a role of its own, with the account's event and exhibitor. */
export async function userWith(
  t: TestApp,
  permissions: Permission[],
  account: { eventId?: number; exhibitorId?: number; companyId?: number; baseRoles?: string[] } = {},
): Promise<TestUser> {
  const name = `Export test role ${++roleCounter}-${Date.now()}`;
  const [role] = await t.db.insert(roles).values({ name }).returning({ id: roles.id });
  await setRolePermissions(t.db, role!.id, permissions);
  const { baseRoles = [], ...rest } = account;
  return t.createUser({ roles: [...baseRoles, name], ...rest });
}
