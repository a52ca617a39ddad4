import { BADGE_STATUS_LABELS, type BadgeStatus } from '@portal/shared/badges';
import { answerText } from '../../lib/answer-text';
import type { ExportColumn } from '../../lib/list-export';
import type { BadgeExportRow, ExportField } from './badges.repository';

/** The badge list's columns, then one column per custom field that applies to the exported badges. */
export function badgeExportColumns(fields: readonly ExportField[]): ExportColumn<BadgeExportRow>[] {
  return [
    { header: 'First name', cell: (row) => row.firstName },
    { header: 'Last name', cell: (row) => row.lastName },
    { header: 'Email', cell: (row) => row.email },
    { header: 'Phone', cell: (row) => row.phone ?? '' },
    { header: 'Company', cell: (row) => row.companyName ?? '' },
    { header: 'Category', cell: (row) => row.categoryName },
    { header: 'Event', cell: (row) => row.eventName },
    { header: 'Status', cell: (row) => BADGE_STATUS_LABELS[row.status as BadgeStatus] ?? row.status },
    { header: 'Registered by', cell: (row) => row.createdByName ?? '' },
    { header: 'Printed', cell: (row) => String(row.printCount) },
    // The time as PostgreSQL wrote it in UTC, `2027-05-09 10:40:05`.
    { header: 'Created (UTC)', cell: (row) => row.createdAt.slice(0, 19).replace('T', ' ') },
    ...fields.map((field) => ({
      header: field.label,
      cell: (row: BadgeExportRow) => answerText(row.answers[String(field.id)], field.options),
    })),
  ];
}
