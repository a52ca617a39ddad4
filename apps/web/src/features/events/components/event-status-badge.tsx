import { EVENT_STATUS_LABELS, type EventStatus } from '@portal/shared/events';
import { Badge } from '@/components/ui/badge';

const VARIANTS = { draft: 'outline', published: 'success', archived: 'secondary' } as const;

export function EventStatusBadge({ status }: { status: EventStatus }) {
  return <Badge variant={VARIANTS[status]}>{EVENT_STATUS_LABELS[status]}</Badge>;
}
