import { freePlaces } from '@portal/shared/allocations';
import { BADGE_TYPE_LABELS } from '@portal/shared/badge-categories';
import { utcCell, type ExportColumn } from '../../lib/list-export';
import type { AllocationExportRow } from './allocations.repository';

/** The allocation list's columns as a file has them, its used / allocated bar split into figures. */
export const ALLOCATION_EXPORT_COLUMNS: readonly ExportColumn<AllocationExportRow>[] = [
  { header: 'Company', cell: (row) => row.companyName ?? '' },
  { header: 'Holder', cell: (row) => row.adminName },
  { header: 'Holder kind', cell: (row) => (row.parentAllocationId === null ? 'Exhibitor' : 'Sub-account') },
  { header: 'Event', cell: (row) => row.eventName },
  { header: 'Category', cell: (row) => row.badgeCategory.name },
  { header: 'Badge type', cell: (row) => BADGE_TYPE_LABELS[row.badgeCategory.badgeType] },
  { header: 'Allocated', cell: (row) => String(row.quantity) },
  { header: 'Used', cell: (row) => String(row.used + row.childrenUsed) },
  { header: 'Handed to sub-accounts', cell: (row) => String(row.reserved) },
  { header: 'Held by open links', cell: (row) => String(row.heldByLinks) },
  { header: 'Available', cell: (row) => String(freePlaces(row)) },
  { header: 'Created (UTC)', cell: (row) => utcCell(row.createdAt) },
  { header: 'Updated (UTC)', cell: (row) => utcCell(row.updatedAt) },
];
