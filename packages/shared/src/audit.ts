import { z } from 'zod';
import { dateOrDateTimeQuery, idSchema, isoDateTime, queryInteger } from './common';

/**
 * The audit log (docs/history.md): every write of the portal with who made it and the record before
 * and after. Read by `/audit` (`view_logs`) and by the History tab of the records that have one.
 */

/** The records with a History tab, as the URL names them, and the entity type their entries carry. */
export const HISTORY_RECORDS = {
  event: 'event',
  exhibitor: 'exhibitor',
  'sub-account': 'sub-account',
  badge: 'badge',
  allocation: 'allocation',
  purchase: 'allocation_purchase',
  invoice: 'allocation_purchase',
  template: 'email_template',
} as const;
export type HistoryRecord = keyof typeof HISTORY_RECORDS;
export const HISTORY_RECORD_KINDS = Object.keys(HISTORY_RECORDS) as [HistoryRecord, ...HistoryRecord[]];

export const AUDIT_PAGE_SIZE = 50;
export const MAX_AUDIT_PAGE_SIZE = 200;

const text = (max: number) => z.string().trim().min(1).max(max);

/** The filters of the log; `before` is the id of the last entry of the previous page (newest first). */
export const auditFilterSchema = z.object({
  /** An account's id, or text found in the name and email the entry recorded. */
  who: text(200).optional(),
  action: text(100).optional(),
  entityType: text(100).optional(),
  entityId: text(100).optional(),
  eventId: idSchema.optional(),
  exhibitorId: idSchema.optional(),
  from: dateOrDateTimeQuery.optional(),
  to: dateOrDateTimeQuery.optional(),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

const pageSchema = z.object({
  before: queryInteger(1, Number.MAX_SAFE_INTEGER).optional(),
  per_page: queryInteger(1, MAX_AUDIT_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
});

export const auditQuerySchema = auditFilterSchema.extend(pageSchema.shape);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditExportQuerySchema = auditFilterSchema.extend({ format: z.enum(['csv', 'xlsx']).default('csv') });
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

export const recordHistoryParamsSchema = z.object({
  kind: z.enum(HISTORY_RECORD_KINDS, { error: `One of: ${HISTORY_RECORD_KINDS.join(', ')}` }),
  id: idSchema,
});
export type RecordHistoryParams = z.infer<typeof recordHistoryParamsSchema>;
export const recordHistoryQuerySchema = pageSchema;
export type RecordHistoryQuery = z.infer<typeof recordHistoryQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: isoDateTime,
  actorAdminId: z.number().int().nullable(),
  /** The actor's name and email as they were when the entry was written; null for the system. */
  actorLabel: z.string().nullable(),
  apiTokenId: z.number().int().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  eventId: z.number().int().nullable(),
  exhibitorId: z.number().int().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A page of the log; `nextBefore` asks for the next (older) page, null on the last. */
export const auditPageSchema = z.object({
  data: z.array(auditEntrySchema),
  meta: z.object({ per_page: z.number().int(), nextBefore: z.number().int().nullable() }),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export type FieldChange = { field: string; before: unknown; after: unknown; changed: boolean };

/**
 * An entry's record field by field: every key of before and after, the changed ones first (in
 * the order the record lists them), each with both values. Values compare by their JSON. An
 * update records what it was sent, often a few fields: a field of the record before that its
 * after leaves out kept its value, rather than became empty.
 */
export function diffFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const rows = keys.map((field) => {
    const from = before?.[field];
    const kept = before !== null && after !== null && !Object.hasOwn(after, field);
    const to = kept ? from : after?.[field];
    return { field, before: from, after: to, changed: JSON.stringify(from) !== JSON.stringify(to) };
  });
  return [...rows.filter((row) => row.changed), ...rows.filter((row) => !row.changed)];
}
