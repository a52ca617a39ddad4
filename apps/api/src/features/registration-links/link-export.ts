import { utcCell, type ExportColumn } from '../../lib/list-export';
import type { LinkListRow } from './registration-links.repository';

/** The registration-link list's columns as a file has them, the link's address first. */
export function linkExportColumns(publicUrl: string): ExportColumn<LinkListRow>[] {
  return [
    { header: 'Link', cell: ({ link }) => `${publicUrl}/register/${link.id}` },
    { header: 'Kind', cell: ({ link }) => (link.kind === 'badge' ? 'Badge registration' : 'Exhibitor registration') },
    { header: 'Category', cell: (row) => row.badgeCategoryName ?? '' },
    { header: 'Owner', cell: (row) => row.ownerName ?? '' },
    { header: 'Recipient', cell: ({ link }) => link.email ?? '' },
    { header: 'Uses', cell: ({ link }) => String(link.uses) },
    { header: 'Most uses', cell: ({ link }) => (link.maxUses === null ? '' : String(link.maxUses)) },
    { header: 'Expires (UTC)', cell: ({ link }) => utcCell(link.expiresAt) },
    { header: 'Revoked (UTC)', cell: ({ link }) => utcCell(link.revokedAt) },
    { header: 'Last used (UTC)', cell: ({ link }) => utcCell(link.lastUsedAt) },
    { header: 'Created (UTC)', cell: ({ link }) => utcCell(link.createdAt) },
  ];
}
