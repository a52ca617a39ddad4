import type { Exhibitor } from '@portal/shared/exhibitors';
import { Badge } from '@/components/ui/badge';

/** Active, invited (has not chosen its password yet) or inactive (cannot sign in). */
export function ExhibitorStatusBadge({ exhibitor }: { exhibitor: Pick<Exhibitor, 'isActive' | 'hasPassword'> }) {
  if (!exhibitor.isActive) return <Badge variant="outline">Inactive</Badge>;
  if (!exhibitor.hasPassword) return <Badge variant="default">Invited</Badge>;
  return <Badge variant="success">Active</Badge>;
}

export function exhibitorDisplayName(exhibitor: Pick<Exhibitor, 'companyName' | 'name'>): string {
  return exhibitor.companyName ?? exhibitor.name;
}

function subAccounts(count: number): string {
  return count === 1 ? '1 sub-account' : `${count} sub-accounts`;
}

/** What deleting an exhibitor takes with it, for the confirmation. */
export function exhibitorDeleteDescription(
  exhibitor: Pick<Exhibitor, 'companyName' | 'name' | 'subAccountCount'> | null,
): string {
  if (!exhibitor) return '';
  const goes =
    exhibitor.subAccountCount > 0
      ? `Its sign-in for ${exhibitor.name} and its ${subAccounts(exhibitor.subAccountCount)} will be deleted with it`
      : `Its sign-in for ${exhibitor.name} will be deleted with it`;
  return `${exhibitorDisplayName(exhibitor)} will be removed from this event. ${goes}; the company stays in the portal. This cannot be undone.`;
}
