import { OUTBOX_STATUS_LABELS, outboxPurposeLabel } from '@portal/shared/email-outbox';
import { utcCell, type ExportColumn } from '../../lib/list-export';
import type { OutboxRow } from './email.repository';

/**
 * The outbox list's columns as a file has them. No body: a message's body may hold a sign-in or
 * registration link, which the list shows for a few harmless purposes only.
 */
export const OUTBOX_EXPORT_COLUMNS: readonly ExportColumn<OutboxRow>[] = [
  { header: 'Queued (UTC)', cell: (row) => utcCell(row.createdAt) },
  { header: 'To', cell: (row) => row.toAddress },
  { header: 'Subject', cell: (row) => row.subject },
  { header: 'Purpose', cell: (row) => outboxPurposeLabel(row.purpose) },
  { header: 'Event', cell: (row) => row.eventName ?? '' },
  { header: 'Status', cell: (row) => OUTBOX_STATUS_LABELS[row.status] },
  { header: 'Attempts', cell: (row) => String(row.attempts) },
  { header: 'Last error', cell: (row) => row.lastError ?? '' },
  { header: 'Sent (UTC)', cell: (row) => utcCell(row.sentAt) },
];
