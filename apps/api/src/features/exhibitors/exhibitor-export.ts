import type { ExportColumn } from '../../lib/list-export';
import { utcCell } from '../../lib/list-export';
import type { ExhibitorRow } from './exhibitors.repository';

const statusOf = (row: ExhibitorRow) => (!row.isActive ? 'Inactive' : row.hasPassword ? 'Active' : 'Invited');

/** The exhibitor list's columns as a file has them, with what a screen shows under one column split out. */
export const EXHIBITOR_EXPORT_COLUMNS: readonly ExportColumn<ExhibitorRow>[] = [
  { header: 'Company', cell: (row) => row.companyName ?? '' },
  { header: 'First name', cell: (row) => row.firstName },
  { header: 'Last name', cell: (row) => row.lastName },
  { header: 'Email', cell: (row) => row.email },
  { header: 'Phone', cell: (row) => row.phone ?? '' },
  { header: 'Booth', cell: (row) => row.booth ?? '' },
  { header: 'Hall', cell: (row) => row.hall ?? '' },
  { header: 'Website', cell: (row) => row.website ?? '' },
  { header: 'Event', cell: (row) => row.eventName },
  { header: 'Sub-accounts', cell: (row) => String(row.subAccountCount) },
  { header: 'Badges', cell: (row) => String(row.badgeCount) },
  { header: 'Status', cell: statusOf },
  { header: 'Last sign-in (UTC)', cell: (row) => utcCell(row.lastLoginAt) },
  { header: 'Added (UTC)', cell: (row) => utcCell(row.createdAt) },
];
