import type { BadgeListItem } from '@portal/shared/badges';
import type { CustomField } from '@portal/shared/custom-fields';

/** A badge list column beside the name; `sortKey` when the API sorts by it. */
export type BadgeColumn = { id: string; label: string; field?: CustomField; sortKey?: string };

export const BASE_COLUMNS: readonly BadgeColumn[] = [
  { id: 'email', label: 'Email', sortKey: 'email' },
  { id: 'company', label: 'Company', sortKey: 'company' },
  { id: 'category', label: 'Category' },
  { id: 'phone', label: 'Phone' },
  { id: 'createdBy', label: 'Registered by' },
  { id: 'status', label: 'Status' },
  { id: 'printed', label: 'Printed' },
  { id: 'createdAt', label: 'Created', sortKey: 'createdAt' },
];

/** The columns a list shows until its user chooses: the category too where badges of several show. */
export const DEFAULT_COLUMNS = ['email', 'company', 'status', 'printed', 'createdAt'];

export function badgeColumns(fields: readonly CustomField[], withCategory: boolean): BadgeColumn[] {
  return [
    ...BASE_COLUMNS.filter((column) => withCategory || column.id !== 'category'),
    ...fields.map((field) => ({ id: `field:${field.key}`, label: field.label, field })),
  ];
}

export function companyOf(badge: Pick<BadgeListItem, 'companyName'>): string {
  return badge.companyName ?? '—';
}
