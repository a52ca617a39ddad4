import { Badge } from '@/components/ui/badge';

export function SubAccountStatusBadge({ isActive }: { isActive: boolean }) {
  return isActive ? <Badge variant="success">Active</Badge> : <Badge variant="outline">Inactive</Badge>;
}
