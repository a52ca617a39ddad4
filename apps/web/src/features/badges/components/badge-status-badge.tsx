import { BADGE_STATUS_LABELS, type BadgeStatus } from '@portal/shared/badges';
import { Badge } from '@/components/ui/badge';

export function BadgeStatusBadge({ status }: { status: BadgeStatus }) {
  return <Badge variant={status === 'active' ? 'success' : 'outline'}>{BADGE_STATUS_LABELS[status]}</Badge>;
}
