import { PURCHASE_STATUS_LABELS, type PurchaseStatus } from '@portal/shared/allocation-purchases';
import { Badge } from '@/components/ui/badge';

const VARIANTS: Record<PurchaseStatus, 'default' | 'secondary' | 'success' | 'destructive' | 'outline'> = {
  requested: 'outline',
  approved: 'default',
  rejected: 'destructive',
  paid: 'success',
  cancelled: 'secondary',
  refunded: 'secondary',
  partially_refunded: 'secondary',
};

/** The one way every screen shows where a purchase stands. */
export function PurchaseStatusBadge({ status }: { status: PurchaseStatus }) {
  return <Badge variant={VARIANTS[status]}>{PURCHASE_STATUS_LABELS[status]}</Badge>;
}
