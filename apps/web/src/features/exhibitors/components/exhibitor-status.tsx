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

function counted(count: number, noun: string): string {
  return count === 1 ? `1 ${noun}` : `${count} ${noun}s`;
}

/** What deleting an exhibitor takes with it, for the confirmation. */
export function exhibitorDeleteDescription(
  exhibitor: Pick<Exhibitor, 'companyName' | 'name' | 'subAccountCount' | 'badgeCount'> | null,
): string {
  if (!exhibitor) return '';
  const parts = [
    exhibitor.subAccountCount > 0 ? counted(exhibitor.subAccountCount, 'sub-account') : null,
    exhibitor.badgeCount > 0 ? counted(exhibitor.badgeCount, 'badge') : null,
  ].filter(Boolean);
  const goes =
    parts.length > 0
      ? `Its sign-in for ${exhibitor.name} and its ${parts.join(' and ')} will be deleted with it`
      : `Its sign-in for ${exhibitor.name} will be deleted with it`;
  return `${exhibitorDisplayName(exhibitor)} will be removed from this event. ${goes}; the company stays in the portal. This cannot be undone.`;
}

/** What anonymising an exhibitor changes, for its confirmation. */
export const EXHIBITOR_ANONYMISED =
  'Anonymising replaces the contact’s name, email, phone and profile text, and those of its sub-accounts, with placeholders, deactivates them and ends their sessions. The company, its badges, purchases and invoices stay as they were issued.';
