import { z } from 'zod';
import { formBoolean, idSchema } from './common';

/*
 * Calls (spec §7, DESIGN §8):
 * - POST /api/admin/bulk-upload/{kind}, multipart: `file` (.xlsx or .csv) and the fields below.
 *   step=validate (the dry run, asked for explicitly) answers 200 with a BulkImportReport (imported
 *   false) whatever the rows hold.
 *   step=import (the default: a client sending only the spec's fields gets the import) re-validates and writes all rows in one transaction: 200 with the report
 *   (imported true), or 422 `{ statusCode, error, message, report }` when any row is bad, nothing written.
 *   step=report answers the uploaded rows as .xlsx with an "Errors" column.
 *   A file that cannot be read at all answers the standard error naming `file`: 415 (not .xlsx/.csv),
 *   413 (over 10 MB), 400 (empty, header only, over 50,000 rows, a missing required column, a zip bomb).
 * - GET /api/admin/bulk-upload/{kind}/template?eventId=…: the .xlsx template for that event and category.
 */

/**
 * What a spreadsheet can load. `exhibitor-users` are badges: an exhibitor's or a sub-account's
 * (exhibitorId, and adminId for a sub-account), or VIP guests (type `vip`).
 */
export const BULK_IMPORT_KINDS = ['exhibitors', 'sub-accounts', 'exhibitor-users'] as const;
export type BulkImportKind = (typeof BULK_IMPORT_KINDS)[number];

/** Validate checks every row and writes nothing; import writes a clean file; report answers the file with an error column. */
export const BULK_IMPORT_STEPS = ['validate', 'import', 'report'] as const;
export type BulkImportStep = (typeof BULK_IMPORT_STEPS)[number];

export const BULK_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const BULK_IMPORT_MAX_ROWS = 50_000;
/** How long the client waits for an upload (spec §9). */
export const BULK_IMPORT_TIMEOUT_MS = 60_000;
/** Written in a cell to erase its stored value; an empty cell keeps what is stored. */
export const BULK_IMPORT_CLEAR_MARKER = '[clear]';

/**
 * The text fields sent beside `file` in the multipart upload (spec §3: file, eventId, exhibitorId,
 * adminId, badgeCategoryId, type). `step` is ours: without it the upload imports, as the spec's
 * call does; the dry run is asked for with step=validate.
 */
export const bulkImportFieldsSchema = z.object({
  step: z.enum(BULK_IMPORT_STEPS).default('import'),
  eventId: idSchema,
  exhibitorId: idSchema.optional(),
  adminId: idSchema.optional(),
  badgeCategoryId: idSchema.optional(),
  type: z.string().max(40).optional(),
  /**
   * Badges only: whether each new badge's holder is emailed the badge (PDF and QR code), queued
   * in the import's transaction. Left out: no mail, so that the spec's call (which has no such
   * field) imports as it did; the portal's import screen sends it, ticked by default.
   */
  sendConfirmation: formBoolean.optional(),
});
export type BulkImportFields = z.input<typeof bulkImportFieldsSchema>;

/** The query of `GET /admin/bulk-upload/{kind}/template`. */
export const bulkImportTemplateQuerySchema = bulkImportFieldsSchema.omit({ step: true, sendConfirmation: true });

export const BULK_ROW_ACTIONS = ['create', 'update', 'unchanged'] as const;
export type BulkRowAction = (typeof BULK_ROW_ACTIONS)[number];

export const bulkCellErrorSchema = z.object({
  /** The column's header as written in the file; null for a problem of the whole row. */
  column: z.string().nullable(),
  message: z.string(),
});

export const bulkRowReportSchema = z.object({
  /** The row's number as the spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  /** What importing does (validate) or did (import) with the row; null when the row is bad. */
  action: z.enum(BULK_ROW_ACTIONS).nullable(),
  errors: z.array(bulkCellErrorSchema),
  /** The row's cells by header, sent only for bad rows so the screen can show them. */
  values: z.record(z.string(), z.string()).optional(),
});
export type BulkRowReport = z.infer<typeof bulkRowReportSchema>;

export const bulkImportReportSchema = z.object({
  step: z.enum(['validate', 'import']),
  kind: z.enum(BULK_IMPORT_KINDS),
  fileName: z.string(),
  format: z.enum(['xlsx', 'csv']),
  /** For a .csv, the encoding it was read in: utf-8, utf-8-bom, windows-1252 or iso-8859-1. */
  encoding: z.string().nullable(),
  columns: z.array(z.string()),
  /** File-wide notices: an unreadable character, an ignored column, a formula read as its value. */
  warnings: z.array(z.object({ row: z.number().int().nullable(), column: z.string().nullable(), message: z.string() })),
  totalRows: z.number().int(),
  invalidRows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Places a badge file needs against what the allocation has left; null for other kinds. */
  capacity: z
    .object({ badgeCategoryId: z.number().int(), needed: z.number().int(), available: z.number().int().nullable() })
    .nullable(),
  /** True only when the rows were written. */
  imported: z.boolean(),
  rows: z.array(bulkRowReportSchema),
});
export type BulkImportReport = z.infer<typeof bulkImportReportSchema>;
