import { Badge } from '@/components/ui/badge';

export function SubAccountStatusBadge({ isActive }: { isActive: boolean }) {
  return isActive ? <Badge variant="success">Active</Badge> : <Badge variant="outline">Inactive</Badge>;
}

/** What anonymising a sub-account changes, for its confirmation. */
export const SUB_ACCOUNT_ANONYMISED =
  'Anonymising replaces its name and email with placeholders, deactivates it and ends its sessions. Its purchases and their invoices stay as they were issued.';
