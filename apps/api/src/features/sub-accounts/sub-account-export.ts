import { utcCell, type ExportColumn } from '../../lib/list-export';
import type { SubAccountRow } from './sub-accounts.repository';

/** The sub-account list's columns as a file has them. */
export const SUB_ACCOUNT_EXPORT_COLUMNS: readonly ExportColumn<SubAccountRow>[] = [
  { header: 'First name', cell: (row) => row.firstName },
  { header: 'Last name', cell: (row) => row.lastName },
  { header: 'Email', cell: (row) => row.email },
  { header: 'Exhibitor', cell: (row) => row.companyName ?? row.exhibitorName },
  { header: 'Event', cell: (row) => row.eventName ?? '' },
  { header: 'Status', cell: (row) => (row.isActive ? 'Active' : 'Inactive') },
  { header: 'Last sign-in (UTC)', cell: (row) => utcCell(row.lastLoginAt) },
  { header: 'Created (UTC)', cell: (row) => utcCell(row.createdAt) },
];
