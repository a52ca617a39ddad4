import { z } from 'zod';

/** The file formats every list exports to (docs/exports.md). */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportFormatSchema = z.enum(EXPORT_FORMATS, { error: 'Give the format: xlsx or csv' }).default('xlsx');

/**
 * The query of a list's export route: the list's own query without its page, plus the format, so
 * that the file holds every row the list's filters and sort give, in the list's order.
 */
export function exportQuerySchema<S extends z.ZodObject>(listQuery: S) {
  return listQuery.omit({ page: true, per_page: true } as never).extend({ format: exportFormatSchema });
}
