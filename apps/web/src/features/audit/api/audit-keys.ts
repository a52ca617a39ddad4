import type { AuditQuery, HistoryRecord, RecordHistoryQuery } from '@portal/shared/audit';

/** One key factory for the log: nothing in the portal changes an entry, so nothing invalidates these but a write elsewhere. */
export const auditKeys = {
  all: ['audit'] as const,
  log: (query: Partial<AuditQuery>) => [...auditKeys.all, 'log', query] as const,
  record: (kind: HistoryRecord, id: number, query: Partial<RecordHistoryQuery>) =>
    [...auditKeys.all, 'record', kind, id, query] as const,
};
