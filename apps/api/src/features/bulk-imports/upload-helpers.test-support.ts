import type { BulkImportReport } from '@portal/shared/bulk-imports';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp, TestUser } from '../../test/harness';

const BOUNDARY = '----portal-bulk-import-boundary';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type UploadFile = { name: string; bytes: Buffer; type?: string };

/** A real .xlsx of these rows, the first being the header, written by exceljs. */
export async function xlsxOf(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function csvOf(rows: string[][]): string {
  return (
    rows
      .map((row) => row.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(','))
      .join('\r\n') + '\r\n'
  );
}

export function formBody(
  fields: Record<string, string | number | undefined>,
  file?: UploadFile,
): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? XLSX_TYPE}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

export function upload(
  t: TestApp,
  user: TestUser,
  kind: string,
  fields: Record<string, string | number | undefined>,
  file?: UploadFile,
): Promise<LightMyRequestResponse> {
  return t.request(user, { method: 'POST', url: `/api/admin/bulk-upload/${kind}`, ...formBody(fields, file) });
}

/** The report of a validate or import answer, refused (422) or not. */
export function reportOf(response: LightMyRequestResponse): BulkImportReport {
  // Any other answer is a refusal of the file or the request, not a report: say which.
  expect([200, 422], `HTTP ${response.statusCode}: ${response.body}`).toContain(response.statusCode);
  const body = response.json() as BulkImportReport | { report: BulkImportReport };
  return 'report' in body ? body.report : body;
}

/** The rows of the first worksheet of an .xlsx answer, as text. */
export async function rowsOf(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1).map((value) => (value == null ? '' : String(value))));
  });
  return rows;
}
